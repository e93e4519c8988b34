package com.paycore.console;

import java.util.List;
import java.util.UUID;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;

import com.paycore.cardfile.CardFileProgress;
import com.paycore.cardfile.CardFileService;
import com.paycore.cardfile.CardFileSignerRequest;
import com.paycore.cardfile.CardFileSignerService;
import com.paycore.cardfile.CardFileSignerView;
import com.paycore.platform.data.Page;
import com.paycore.platform.web.AppException;

/**
 * The card files and card file signers of the project {@link ProjectPage} shows: its newest files with their state,
 * progress, counts and failure reason, each linking to its results CSV ({@link CardFileResultsDownload}), read by
 * whoever may read the project (as its transactions); its signers, listed to the same readers (as the API's GET) and
 * added or removed through {@link CardFileSignerService} with the API's rule (the company's Admins and platform
 * administrators), a refusal shown in the API's words. While a file is unfinished the page polls this list.
 */
@Named
@RequestScoped
public class ProjectCardFiles {

    /** The newest files shown. */
    static final int SHOWN = 50;
    private static final Page ALL = new Page(Page.MAX_LIMIT, 0);

    @Inject
    ProjectPage page;

    @Inject
    CardFileService cardFiles;

    @Inject
    CardFileSignerService signerService;

    private List<CardFileProgress> files = List.of();
    private List<CardFileSignerView> signers = List.of();
    private String refusal;
    private String signerRefusal;
    private String signerDone;
    private String publicKey;

    @PostConstruct
    void load() {
        if (!page.isFound()) {
            return;
        }
        try {
            files = cardFiles.listAsReader(projectId(), new Page(SHOWN, 0));
            signers = signerService.list(projectId(), null, ALL);
        } catch (AppException refused) {
            refusal = Refusal.words(refused);
        }
    }

    private UUID projectId() {
        return page.getProject().id();
    }

    /** Adds the pasted key as a signer of the project's files (the API's POST, its checks and audit row). */
    public void addSigner() {
        CardFileSignerRequest request = new CardFileSignerRequest();
        request.companyProjectId = projectId();
        request.publicKey = publicKey == null || publicKey.isBlank() ? null : publicKey.strip();
        try {
            CardFileSignerView added = signerService.add(request);
            signerDone = "Signer " + added.fingerprint() + " added: from now on every card file of this project must be "
                    + "signed by one of its signers.";
            publicKey = null;
            signers = signerService.list(projectId(), null, ALL);
        } catch (AppException refused) {
            signerRefusal = Refusal.words(refused);
        }
    }

    /** Removes a signer (the API's DELETE, its check and audit row). */
    public void removeSigner(CardFileSignerView signer) {
        try {
            signerService.remove(signer.id());
            signers = signerService.list(projectId(), null, ALL);
            signerDone = "Signer " + signer.fingerprint() + " removed." + (signers.isEmpty()
                    ? " Without signers, signed and unsigned card files are both read." : "");
        } catch (AppException refused) {
            signerRefusal = Refusal.words(refused);
        }
    }

    public List<CardFileProgress> getFiles() {
        return files;
    }

    /** Whether a file is still Received or Processing: the page then follows the list. */
    public boolean isAnyUnfinished() {
        return files.stream().anyMatch(CardFileProgress::unfinished);
    }

    public boolean isCut() {
        return files.size() == SHOWN;
    }

    /** How far a file is, in words: rows read, of how many once known. */
    public String rows(CardFileProgress file) {
        long read = file.file().rowsRead();
        return file.rowsTotal() == null ? read + " rows read" : read + " of " + file.rowsTotal() + " rows read";
    }

    public List<CardFileSignerView> getSigners() {
        return signers;
    }

    public String getRefusal() {
        return refusal;
    }

    public String getSignerRefusal() {
        return signerRefusal;
    }

    public String getSignerDone() {
        return signerDone;
    }

    public String getPublicKey() {
        return publicKey;
    }

    public void setPublicKey(String publicKey) {
        this.publicKey = publicKey;
    }
}
