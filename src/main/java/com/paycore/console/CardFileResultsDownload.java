package com.paycore.console;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import com.paycore.cardfile.CardFileService;
import com.paycore.platform.web.AppException;

/**
 * A card file's results CSV for the console's session ({@code GET /console/projects/{id}/cardFiles/{fileId}/results},
 * routed by {@link ConsoleGate}): the same CSV as the API's results (the header line, then a row each in row order, no
 * card data), streamed from the database, for whoever may read the project. An unknown or foreign project or file is
 * the same 404.
 */
@ApplicationScoped
class CardFileResultsDownload {

    @Inject
    CardFileService cardFiles;

    void answer(HttpServletRequest request, HttpServletResponse response, String project, String file) throws IOException {
        if (!"GET".equals(request.getMethod())) {
            response.setHeader("Allow", "GET");
            plain(response, HttpServletResponse.SC_METHOD_NOT_ALLOWED, "Download the results with their link.");
            return;
        }
        Optional<UUID> projectId = Refusal.id(project);
        Optional<UUID> fileId = Refusal.id(file);
        try {
            if (projectId.isEmpty() || fileId.isEmpty()) {
                throw AppException.notFound("Card file");
            }
            cardFiles.requireFileAsReader(projectId.get(), fileId.get());
        } catch (AppException refused) {
            int status = Refusal.status(refused);
            plain(response, status, status == HttpServletResponse.SC_NOT_FOUND
                    ? "There is no such card file, or it is not one you may see." : Refusal.words(refused));
            return;
        }
        response.setContentType("text/csv");
        response.setCharacterEncoding(StandardCharsets.UTF_8.name());
        response.setHeader("Content-Disposition", "attachment; filename=\"card-file-" + fileId.get() + "-results.csv\"");
        cardFiles.writeResultsAsReader(projectId.get(), fileId.get(), response.getOutputStream());
    }

    private static void plain(HttpServletResponse response, int status, String text) throws IOException {
        response.setStatus(status);
        response.setContentType("text/plain");
        response.setCharacterEncoding(StandardCharsets.UTF_8.name());
        response.getOutputStream().write(text.getBytes(StandardCharsets.UTF_8));
    }
}
