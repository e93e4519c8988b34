package com.paycore.processor;

import com.paycore.platform.data.Where;
import com.paycore.secret.SecretColumns;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.event.Observes;
import java.io.StringReader;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.json.JsonObject;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;

import com.paycore.access.ProjectAccess;
import com.paycore.access.ProjectRef;
import com.paycore.audit.AuditLog;
import com.paycore.platform.data.Page;
import com.paycore.platform.input.Bodies;
import com.paycore.platform.input.Fields;
import com.paycore.platform.input.Ids;
import com.paycore.platform.runtime.ProductionGuard;
import com.paycore.platform.web.AppException;
import com.paycore.platform.web.ErrorCode;
import com.paycore.platform.web.StrictJson;
import com.paycore.secret.SecretBox;

/** Payment processor configurations of projects: create, update, list and soft delete (E19's rules). */
@ApplicationScoped
@Transactional
public class ProcessorService {

    @PersistenceContext(unitName = "payments")
    EntityManager em;

    @Inject
    ProjectAccess projects;

    @Inject
    AuditLog audit;

    @Inject
    OpenTransactions openTransactions;

    @Inject
    Clock clock;

    @Inject
    Event<ProcessorChanged> changes;

    @Inject
    GatewayRegistry gateways;

    /** A configuration was changed or deleted: the gateways let go of what it no longer names. */
    record ProcessorChanged(UUID processorId) {
    }

    Processor create(ProcessorRequest request) {
        requirePlatformAdminFor(request.gateway);
        ProjectRef project = projects.asAdmin(Bodies.requiredId(request, "companyProjectId", request.companyProjectId));
        Bodies.validate(request);
        if (request.id != null && em.find(Processor.class, request.id) != null) {
            throw new AppException(ErrorCode.DUPLICATE_ID);
        }
        Processor processor = new Processor(request.id != null ? request.id : Ids.newId(), project.id(),
                project.companyId());
        processor.configure(Fields.required("projectPaymentProcessorName", request.projectPaymentProcessorName, 100),
                Gateways.requireSupported(request.gateway), Gateways.requireSupportedPaymentType(request.paymentType),
                request.isActive == null || request.isActive);
        requireGatewaySettings(processor.gateway(), request.settings);
        em.persist(processor);
        if (request.settings != null) {
            keepSettings(processor, request.settings);
        }
        audit.record("ProcessorCreated", project.companyId(), "Processor", processor.id(), "gateway=" + processor.gateway());
        return processor;
    }

    /** The create for the console: the same checks and effects; answers the new configuration's id. */
    public UUID add(ProcessorRequest request) {
        return create(request).id();
    }

    public void update(UUID id, ProcessorRequest request) {
        Processor processor = find(id);
        ProjectRef project = AppException.hidingForeign("Processor", () -> projects.lockAsAdmin(processor.projectId()));
        requirePlatformAdminFor(processor.gateway());
        requirePlatformAdminFor(request.gateway);
        Bodies.validate(id, request, request.id);
        if (request.companyProjectId != null && !request.companyProjectId.equals(processor.projectId())) {
            throw AppException.invalid("companyProjectId: a processor configuration cannot move to another project");
        }
        processor.configure(
                request.projectPaymentProcessorName != null
                        ? Fields.required("projectPaymentProcessorName", request.projectPaymentProcessorName, 100)
                        : processor.name(),
                request.gateway != null ? Gateways.requireSupported(request.gateway) : processor.gateway(),
                request.paymentType != null ? Gateways.requireSupportedPaymentType(request.paymentType) : processor.paymentType(),
                request.isActive != null ? request.isActive : processor.active());
        requireGatewaySettings(processor.gateway(), request.settings != null ? request.settings : settingsOf(processor));
        if (request.settings != null) {
            keepSettings(processor, request.settings);
        }
        audit.record("ProcessorUpdated", project.companyId(), "Processor", id,
                request.settings != null ? "settings replaced" : null);
        changes.fire(new ProcessorChanged(id));
    }

    /** E15. Company Users see the processors of projects assigned to them. */
    public List<ProcessorView> list(UUID projectId, UUID id, Boolean active, Page page) {
        List<UUID> within;
        if (projectId != null) {
            within = List.of(projects.asReader(projectId).id());
        } else {
            within = projects.visibleProjects();
        }
        return new Where(ProcessorRows.LISTED)
                .and("p.projectId in :within", "within", Ids.orNone(within)).and("p.id = :id", "id", id)
                .is("p.active", active)
                .query(em, Processor.class, ProcessorRows.OLDEST_FIRST)
                .setFirstResult(page.offset()).setMaxResults(page.limit()).getResultStream()
                .map(ProcessorView::from).toList();
    }

    /**
     * E19, in DESIGN.md section 7's order: unknown or deleted 404; the only active processor of a project with open
     * transactions 409; the only active processor, or the last one, of an active project 400; else soft delete.
     */
    public void delete(UUID id) {
        Processor processor = find(id);
        ProjectRef project = AppException.hidingForeign("Processor", () -> projects.lockAsAdmin(processor.projectId()));
        requirePlatformAdminFor(processor.gateway());
        List<Processor> others = em.createQuery(ProcessorRows.OTHERS_OF_PROJECT, Processor.class)
                .setParameter("project", project.id()).setParameter("id", id).getResultList();
        boolean onlyActive = processor.active() && others.stream().noneMatch(Processor::active);
        if (onlyActive && openTransactions.exist(project.id())) {
            throw new AppException(ErrorCode.CONFLICT, "The project's only active processor has open transactions");
        }
        if (project.active() && (onlyActive || others.isEmpty())) {
            throw new AppException(ErrorCode.LAST_PROCESSOR, onlyActive ? "only active" : "last");
        }
        processor.delete(OffsetDateTime.now(clock));
        audit.record("ProcessorDeleted", project.companyId(), "Processor", id, null);
        changes.fire(new ProcessorChanged(id));
    }

    private Processor find(UUID id) {
        Processor processor = em.find(Processor.class, id);
        if (processor == null || processor.deleted()) {
            throw AppException.notFound("Processor");
        }
        return processor;
    }

    /**
     * Gateway 2's settings belong to the platform (DESIGN.md sections 4 and 12): only a PlatformAdmin creates, changes
     * or deletes such a configuration, or turns another one into it; anyone else gets 403 before any other check.
     */
    private void requirePlatformAdminFor(Integer gateway) {
        if (gateway != null && gateway == Gateways.ACQUIRER && !projects.platformAdmin()) {
            throw AppException.forbidden();
        }
    }

    /**
     * Gateway 2's settings are checked when written (400 naming the field, DESIGN.md section 12): its endpoint must be
     * in the operator's allow-list, and in production mode it must use TLS.
     */
    private static void requireGatewaySettings(int gateway, JsonObject settings) {
        if (gateway == Gateways.ACQUIRER) {
            AcquirerSettings acquirer = AcquirerSettings.of(settings, 1);
            AllowedEndpoints.configured().require(acquirer.host(), acquirer.port());
            if (!acquirer.tls() && ProductionGuard.production()) {
                throw AppException.invalid("settings.tls: must be true in production mode (" + ProductionGuard.MODE + ")");
            }
        }
    }

    /** The settings as a new version of the configuration's, encrypted; earlier versions stay for their transactions. */
    private void keepSettings(Processor processor, JsonObject settings) {
        int version = processor.nextSettingsVersion();
        em.persist(new ProcessorSettings(Ids.newId(), processor.id(), version,
                SecretBox.get().encrypt(settings.toString(), purpose(processor.id())), OffsetDateTime.now(clock)));
    }

    /** A configuration's current settings, decrypted; null when it has none. */
    private JsonObject settingsOf(Processor processor) {
        return gateways.settings(processor.id(), processor.settingsVersion());
    }

    /** One version of a configuration's settings, decrypted. Only gateways and the checks above read them. */
    static JsonObject settingsOf(ProcessorSettings stored) {
        String json = SecretBox.get().decryptString(stored.settings(), purpose(stored.processorId()));
        try (var reader = StrictJson.json().createReader(new StringReader(json))) {
            return reader.readObject();
        }
    }

    /** Every version of the settings is sealed under the master key: re-wrapped onto the current one at startup. */
    void sealedColumns(@Observes SecretColumns columns) {
        columns.add("processor_settings", "settings", row -> purpose((UUID) row[0]), "processor_id");
    }

    private static String purpose(UUID processorId) {
        return "processor-settings:" + processorId;
    }
}
