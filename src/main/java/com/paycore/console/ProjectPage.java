package com.paycore.console;

import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Stream;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.RequestScoped;
import jakarta.faces.context.ExternalContext;
import jakarta.faces.context.FacesContext;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;

import com.paycore.access.CompanyAccess;
import com.paycore.apikey.ApiKeyService;
import com.paycore.apikey.ApiKeyView;
import com.paycore.apikey.CreateApiKeyRequest;
import com.paycore.apikey.UpdateApiKeyRequest;
import com.paycore.company.CompanyService;
import com.paycore.company.CompanyUserView;
import com.paycore.platform.data.Page;
import com.paycore.platform.web.AppException;
import com.paycore.processor.AcquirerSettings;
import com.paycore.processor.Gateways;
import com.paycore.processor.ProcessorRequest;
import com.paycore.processor.ProcessorService;
import com.paycore.processor.ProcessorView;
import com.paycore.project.ProjectService;
import com.paycore.project.ProjectView;

/**
 * One project at {@code /console/projects/{id}}: its merchant information, assigned users, API keys and processors,
 * read and changed through the services the API calls, with the API's rights: whoever may read the project (E11)
 * sees it and its processors (E15); only its company's Admins and platform administrators see its keys and users
 * and create, deactivate, configure or delete. A new key's value is shown once, in the answer to its creation, and
 * held by this request-scoped bean only (never in the session); processor settings are write-only. An unknown id, a
 * malformed one and a project the user may not read all answer the same 404 page; postbacks carry the id in the
 * form and are checked again by the services.
 */
@Named
@RequestScoped
public class ProjectPage {

    /** The request attribute {@link ConsoleGate} puts the address's id in. */
    static final String ID_ATTRIBUTE = "com.paycore.console.projectId";

    private static final Page ALL = new Page(Page.MAX_LIMIT, 0);

    @Inject
    ProjectService projects;

    @Inject
    CompanyService companies;

    @Inject
    CompanyAccess access;

    @Inject
    ApiKeyService apiKeys;

    @Inject
    ProcessorService processorService;

    @Inject
    Clock clock;

    private ProjectView project;
    private int status = 200;
    private String companyName;
    private boolean administers;
    private List<ApiKeyView> keys = List.of();
    private List<ProcessorView> processors = List.of();
    private List<CompanyUserView> assigned = List.of();
    private LocalFormats formats;

    private String keyRefusal;
    private String keyDone;
    private String newKeyValue;
    private String newKeyName;
    private String processorRefusal;
    private String processorDone;

    private final KeyForm keyForm = new KeyForm();
    private final ProcessorForm processorForm = new ProcessorForm();

    @PostConstruct
    void load() {
        ExternalContext external = FacesContext.getCurrentInstance().getExternalContext();
        formats = new LocalFormats(external.getRequestLocale());
        Object address = external.getRequestMap().get(ID_ATTRIBUTE);
        Optional<UUID> id = Refusal.id(address != null ? address : external.getRequestParameterMap().get("project"));
        try {
            project = projects.view(id.orElseThrow(() -> AppException.notFound("Project")));
        } catch (AppException refused) {
            status = Refusal.status(refused);
            external.setResponseStatus(status);
            return;
        }
        companyName = companies.nameOf(project.companyId());
        administers = access.administers(project.companyId());
        reload();
    }

    private void reload() {
        project = projects.view(project.id());
        processors = processorService.list(project.id(), null, null, ALL);
        if (administers) {
            keys = apiKeys.list(project.id(), null, null, ALL);
            List<UUID> ids = project.companyUserIds();
            assigned = companies.membersOf(project.companyId(), ALL).stream().filter(u -> ids.contains(u.id())).toList();
        }
    }

    // ---- keys ----

    /** Creates a key and shows its value in this answer only. */
    public void createKey() {
        CreateApiKeyRequest request = new CreateApiKeyRequest();
        request.companyProjectId = project.id();
        request.type = keyForm.type;
        request.name = blankToNull(keyForm.name);
        request.description = blankToNull(keyForm.description);
        try {
            ApiKeyView.Revealed created = apiKeys.createRevealed(request);
            newKeyValue = created.keyValue();
            newKeyName = created.name() == null ? created.maskedValue() : created.name();
            keyForm.name = null;
            keyForm.description = null;
            reload();
        } catch (AppException refused) {
            keyRefusal = Refusal.words(refused);
        }
    }

    /** E6 with isActive false: refused in words for the project's last active key. */
    public void deactivateKey(UUID keyId) {
        UpdateApiKeyRequest request = new UpdateApiKeyRequest();
        request.isActive = false;
        try {
            apiKeys.update(keyId, request);
            keyDone = "The key was deactivated: it no longer authenticates.";
            reload();
        } catch (AppException refused) {
            keyRefusal = Refusal.words(refused);
        }
    }

    // ---- processors ----

    public void addSimulator() {
        addProcessor(Gateways.SIMULATOR);
    }

    public void addAcquirer() {
        addProcessor(Gateways.ACQUIRER);
    }

    private void addProcessor(int gateway) {
        try {
            ProcessorRequest request = processorForm.request(gateway, true);
            request.companyProjectId = project.id();
            processorService.add(request);
            processorDone = "Processor " + request.projectPaymentProcessorName + " added.";
            processorForm.clear();
            reload();
        } catch (AppException refused) {
            processorRefusal = Refusal.words(refused);
        }
    }

    /** Fields left empty keep their value; settings, when any is given, replace the stored ones (never shown). */
    public void updateProcessor(ProcessorView processor) {
        try {
            processorService.update(processor.id(), processorForm.request(processor.gateway(), false));
            processorDone = "Processor " + processor.projectPaymentProcessorName() + " updated.";
            processorForm.clear();
            reload();
        } catch (AppException refused) {
            processorRefusal = Refusal.words(refused);
        }
    }

    /** E19 with its rules (the last or only active processor of an active project is refused in words). */
    public void deleteProcessor(ProcessorView processor) {
        try {
            processorService.delete(processor.id());
            processorDone = "Processor " + processor.projectPaymentProcessorName() + " deleted.";
            reload();
        } catch (AppException refused) {
            processorRefusal = Refusal.words(refused);
        }
    }

    // ---- what the page shows ----

    public boolean isFound() {
        return project != null;
    }

    public boolean isForbidden() {
        return status == 403;
    }

    public ProjectView getProject() {
        return project;
    }

    public String getId() {
        return project == null ? null : project.id().toString();
    }

    public String getCompanyName() {
        return companyName;
    }

    public boolean isAdministers() {
        return administers;
    }

    public List<ApiKeyView> getKeys() {
        return keys;
    }

    public List<ProcessorView> getProcessors() {
        return processors;
    }

    public List<CompanyUserView> getAssigned() {
        return assigned;
    }

    public int getAssignedCount() {
        return project.companyUserIds().size();
    }

    public String getKeyRefusal() {
        return keyRefusal;
    }

    public String getKeyDone() {
        return keyDone;
    }

    public String getNewKeyValue() {
        return newKeyValue;
    }

    public String getNewKeyName() {
        return newKeyName;
    }

    public String getProcessorRefusal() {
        return processorRefusal;
    }

    public String getProcessorDone() {
        return processorDone;
    }

    public KeyForm getKeyForm() {
        return keyForm;
    }

    public ProcessorForm getProcessorForm() {
        return processorForm;
    }

    public String date(OffsetDateTime at) {
        return at == null ? "" : formats.dateTime(at);
    }

    public String gatewayName(int gateway) {
        return Gateways.name(gateway);
    }

    public boolean usable(ApiKeyView key) {
        return key.usableAt(OffsetDateTime.now(clock));
    }

    private static String blankToNull(String text) {
        return text == null || text.isBlank() ? null : text.strip();
    }

    /** The new key form. */
    public static final class KeyForm {

        private String type = "TransactionRSAKey";
        private String name;
        private String description;

        public String getType() {
            return type;
        }

        public void setType(String type) {
            this.type = type;
        }

        public String getName() {
            return name;
        }

        public void setName(String name) {
            this.name = name;
        }

        public String getDescription() {
            return description;
        }

        public void setDescription(String description) {
            this.description = description;
        }
    }

    /**
     * The processor forms' fields: name and state, then the settings of the Simulator (its latency) or of an ISO 8583
     * acquirer (DESIGN.md section 12). Settings are write-only: the fields start empty and are never filled from what
     * is stored.
     */
    public static final class ProcessorForm {

        private String name;
        private String active = "";
        private String latencyMs;
        private String host;
        private String port;
        private boolean tls;
        private String tlsTrustedCertificatePem;
        private String terminalId;
        private String acquirerId;
        private String timeoutMs;
        private String connections;

        /** The request for the gateway; on a create every field is meant, on an update empty fields keep their value. */
        ProcessorRequest request(int gateway, boolean create) {
            ProcessorRequest request = new ProcessorRequest();
            request.projectPaymentProcessorName = blankToNull(name);
            if (create) {
                request.gateway = gateway;
                request.paymentType = 1;
                request.isActive = !"false".equals(active);
            } else if (!active.isEmpty()) {
                request.isActive = Boolean.valueOf(active);
            }
            request.settings = gateway == Gateways.ACQUIRER ? acquirerSettings(create) : simulatorSettings();
            return request;
        }

        private JsonObject simulatorSettings() {
            if (blankToNull(latencyMs) == null) {
                return null;
            }
            return Json.createObjectBuilder().add(Gateways.SIMULATOR_LATENCY_SETTING, whole("latency", latencyMs)).build();
        }

        /** Null (keep the stored ones) on an update where no field is given; the service checks the fields. */
        private JsonObject acquirerSettings(boolean create) {
            boolean any = tls || Stream.of(host, port, tlsTrustedCertificatePem, terminalId, acquirerId,
                    timeoutMs, connections).anyMatch(v -> blankToNull(v) != null);
            if (!create && !any) {
                return null;
            }
            JsonObjectBuilder settings = Json.createObjectBuilder();
            text(settings, AcquirerSettings.HOST, host);
            if (blankToNull(port) != null) {
                settings.add(AcquirerSettings.PORT, whole(AcquirerSettings.PORT, port));
            }
            settings.add(AcquirerSettings.TLS, tls);
            text(settings, AcquirerSettings.TLS_TRUSTED_CERTIFICATE_PEM, tlsTrustedCertificatePem);
            text(settings, AcquirerSettings.TERMINAL_ID, terminalId);
            text(settings, AcquirerSettings.ACQUIRER_ID, acquirerId);
            if (blankToNull(timeoutMs) != null) {
                settings.add(AcquirerSettings.TIMEOUT_MS, whole(AcquirerSettings.TIMEOUT_MS, timeoutMs));
            }
            if (blankToNull(connections) != null) {
                settings.add(AcquirerSettings.CONNECTIONS, whole(AcquirerSettings.CONNECTIONS, connections));
            }
            return settings.build();
        }

        private static void text(JsonObjectBuilder settings, String field, String value) {
            if (blankToNull(value) != null) {
                settings.add(field, value.strip());
            }
        }

        private static long whole(String field, String value) {
            try {
                return Long.parseLong(value.strip());
            } catch (NumberFormatException notWhole) {
                throw AppException.invalid("settings." + field + ": must be a whole number");
            }
        }

        /** After a change went through: the form starts empty again (settings are never shown back). */
        void clear() {
            name = null;
            active = "";
            latencyMs = null;
            host = null;
            port = null;
            tls = false;
            tlsTrustedCertificatePem = null;
            terminalId = null;
            acquirerId = null;
            timeoutMs = null;
            connections = null;
        }

        public String getName() {
            return name;
        }

        public void setName(String name) {
            this.name = name;
        }

        public String getActive() {
            return active;
        }

        public void setActive(String active) {
            this.active = active == null ? "" : active;
        }

        public String getLatencyMs() {
            return latencyMs;
        }

        public void setLatencyMs(String latencyMs) {
            this.latencyMs = latencyMs;
        }

        public String getHost() {
            return host;
        }

        public void setHost(String host) {
            this.host = host;
        }

        public String getPort() {
            return port;
        }

        public void setPort(String port) {
            this.port = port;
        }

        public boolean isTls() {
            return tls;
        }

        public void setTls(boolean tls) {
            this.tls = tls;
        }

        public String getTlsTrustedCertificatePem() {
            return tlsTrustedCertificatePem;
        }

        public void setTlsTrustedCertificatePem(String tlsTrustedCertificatePem) {
            this.tlsTrustedCertificatePem = tlsTrustedCertificatePem;
        }

        public String getTerminalId() {
            return terminalId;
        }

        public void setTerminalId(String terminalId) {
            this.terminalId = terminalId;
        }

        public String getAcquirerId() {
            return acquirerId;
        }

        public void setAcquirerId(String acquirerId) {
            this.acquirerId = acquirerId;
        }

        public String getTimeoutMs() {
            return timeoutMs;
        }

        public void setTimeoutMs(String timeoutMs) {
            this.timeoutMs = timeoutMs;
        }

        public String getConnections() {
            return connections;
        }

        public void setConnections(String connections) {
            this.connections = connections;
        }
    }
}
