package com.paycore.project;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import com.paycore.access.CompanyAccess;
import com.paycore.access.ProjectAccess;
import com.paycore.access.ProjectRef;
import com.paycore.apikey.ApiKeyService;
import com.paycore.audit.AuditLog;
import com.paycore.platform.data.Page;
import com.paycore.platform.input.Bodies;
import com.paycore.platform.input.Ids;
import com.paycore.platform.web.AppException;
import com.paycore.platform.web.ErrorCode;
import com.paycore.processor.Connections;
import com.paycore.secret.SecretBox;
import com.paycore.secret.SecretColumns;

@ApplicationScoped
@Transactional
public class ProjectService {

    @Inject
    ProjectRepository projects;

    @Inject
    ProjectAccess access;

    @Inject
    CompanyAccess companies;

    @Inject
    Connections connections;

    @Inject
    ApiKeyService apiKeys;

    @Inject
    AuditLog audit;

    /** E7: the project and, in the same transaction, its first active TransactionRSAKey. */
    Project create(CreateProjectRequest request) {
        UUID companyId = companies.asAdmin(Bodies.requiredId(request, "companyId", request.companyId));
        Bodies.validate(request);
        String name = request.resolvedName();
        if (projects.nameTaken(companyId, name, null)) {
            throw new AppException(ErrorCode.DUPLICATE_PROJECT_NAME);
        }
        if (request.id != null && projects.find(request.id).isPresent()) {
            throw new AppException(ErrorCode.DUPLICATE_ID);
        }
        Project project = new Project(request.id != null ? request.id : Ids.newId(), companyId, name);
        project.describe(request.description, absoluteUrl("returnUrl", request.returnUrl),
                absoluteUrl("cancelUrl", request.cancelUrl), request.phone, request.softDescriptor, request.comments);
        project.assign(members(companyId, request.companyUsersToAdd));
        if (request.isActive != null) {
            project.activate(request.isActive);
        }
        projects.add(project);
        apiKeys.firstKey(project.id(), companyId);
        audit.record("ProjectCreated", companyId, "Project", project.id(), null);
        return project;
    }

    /** E7 for the console: the same checks and effects; answers the new project's id. */
    public UUID add(CreateProjectRequest request) {
        return create(request).id();
    }

    /** The project an authenticated API key acts for (the key filter checked it belongs to it). */
    Project forApiKey(UUID projectId) {
        return projects.find(projectId).orElseThrow(() -> AppException.notFound("Project"));
    }

    /** A project's company, without an access check (API-key calls: the key filter checked the project). */
    @Transactional(Transactional.TxType.SUPPORTS)
    public ProjectRef ref(UUID projectId) {
        return projects.project(projectId).orElseThrow(() -> AppException.notFound("Project"));
    }

    /**
     * The processor route (gateway, and connection with the project's current merchant credentials) of every project
     * of a company that has an active processor, by project id (no access check: for jobs that run per company).
     */
    @Transactional(Transactional.TxType.SUPPORTS)
    public Map<UUID, Connections.Route> activeRoutesOf(UUID companyId) {
        Map<UUID, Connections.Route> routes = new LinkedHashMap<>();
        for (Project project : projects.ofCompany(companyId)) {
            connections.activeConnectionFor(project.id(), project.credentialVersion())
                    .ifPresent(route -> routes.put(project.id(), route));
        }
        return routes;
    }

    Project get(UUID id) {
        return found(access.asReader(id));
    }

    /** GET /api/adm/companyProjects/{id} as answered, for the console: the same reader's check (404 when hidden). */
    public ProjectView view(UUID id) {
        return ProjectView.from(get(id));
    }

    /** E11 as answered, for the console: the projects the caller may see, of one company or all, whose name holds the text. */
    public List<ProjectView> views(UUID companyId, String name, Page page) {
        return list(companyId, null, name, null, page).stream().map(ProjectView::from).toList();
    }

    /** E11. */
    List<Project> list(UUID companyId, UUID id, String name, Boolean active, Page page) {
        ProjectRepository.Filter filter = new ProjectRepository.Filter(companyId, id, name, active);
        if (companyId != null) {
            companies.asMember(companyId);
        }
        if (companies.platformAdmin()) {
            return projects.list(filter, null, page);
        }
        CompanyAccess.Memberships mine = companies.memberships();
        return projects.list(filter, new ProjectRepository.Visibility(mine.adminCompanies(), mine.userMemberships()), page);
    }

    /**
     * The projects the caller may read (as E11 lists them: every project for platform administrators, the companies'
     * projects for their Admins, the assigned ones for company Users), by id with their names in name order.
     */
    @Transactional(Transactional.TxType.SUPPORTS)
    public Map<UUID, String> readableNames() {
        ProjectRepository.Visibility visibility = null;
        if (!companies.platformAdmin()) {
            CompanyAccess.Memberships mine = companies.memberships();
            visibility = new ProjectRepository.Visibility(mine.adminCompanies(), mine.userMemberships());
        }
        Map<UUID, String> names = new LinkedHashMap<>();
        projects.names(visibility).forEach(row -> names.put((UUID) row[0], (String) row[1]));
        return names;
    }

    /** E4. Processor and security settings are not touched here. */
    public void updateGeneral(UUID id, UpdateProjectRequest request) {
        Project project = found(access.asAdmin(id));
        Bodies.validate(id, request, request.id);
        String name = request.resolvedName();
        if (projects.nameTaken(project.companyId(), name, id)) {
            throw new AppException(ErrorCode.DUPLICATE_PROJECT_NAME);
        }
        project.rename(name);
        project.describe(keep(request.description, project.description()),
                request.returnUrl != null ? absoluteUrl("returnUrl", request.returnUrl) : project.returnUrl(),
                request.cancelUrl != null ? absoluteUrl("cancelUrl", request.cancelUrl) : project.cancelUrl(),
                keep(request.phone, project.phone()), keep(request.softDescriptor, project.softDescriptor()),
                keep(request.comments, project.comments()));
        if (request.isActive != null && request.isActive != project.active()) {
            project.activate(request.isActive);
            audit.record(request.isActive ? "ProjectActivated" : "ProjectDeactivated", project.companyId(), "Project", id, null);
        }
        projects.flush();
        audit.record("ProjectUpdated", project.companyId(), "Project", id, null);
    }

    public void assignUsers(UUID id, AssignUsersRequest request) {
        Project project = found(access.asAdmin(id));
        Bodies.validate(request);
        project.assign(members(project.companyId(), request.companyUserIds));
        audit.record("ProjectUsersAssigned", project.companyId(), "Project", id,
                project.companyUserIds().size() + " company users");
    }

    /** E9. New credentials apply to new transactions at once; each change is a new credential version. */
    public void updateMerchant(UUID id, UpdateMerchantRequest request) {
        Project project = found(access.asAdmin(id));
        Bodies.validate(id, request, request.id);
        if (request.processorGateway != null) {
            Connections.requireSupportedGateway(request.processorGateway);
            Connections.requireMerchantIdFits(request.processorGateway, request.merchantId);
        }
        boolean credentialChange = request.merchantId != null || request.apiKey != null || request.processorGateway != null;
        if (credentialChange) {
            if (request.merchantId == null || request.processorGateway == null
                    || request.apiKey == null && project.merchantApiKey() == null) {
                throw new AppException(ErrorCode.MISSING_CREDENTIALS, "merchantId, apiKey and processorGateway are required");
            }
            String encrypted = request.apiKey != null
                    ? SecretBox.get().encrypt(request.apiKey, "merchant-api-key:" + id)
                    : project.merchantApiKey();
            boolean testMode = request.isTestMode != null ? request.isTestMode : Boolean.TRUE.equals(project.testMode());
            int version = project.changeCredentials(request.merchantId, encrypted, request.processorGateway);
            connections.addCredentials(id, version, request.merchantId, request.apiKey != null ? request.apiKey
                            : SecretBox.get().decryptString(encrypted, "merchant-api-key:" + id),
                    request.processorGateway, testMode);
            audit.record("MerchantCredentialsChanged", project.companyId(), "Project", id,
                    "credentialVersion=" + version + (request.apiKey != null ? ", apiKey replaced" : ""));
        }
        project.changeMerchantProfile(keep(request.merchantPhone, project.merchantPhone()),
                keep(request.softDescriptor, project.merchantSoftDescriptor()),
                keep(request.comments, project.merchantComments()),
                request.isTestMode != null ? request.isTestMode : project.testMode());
        audit.record("MerchantInformationUpdated", project.companyId(), "Project", id, null);
    }

    private Set<UUID> members(UUID companyId, List<UUID> companyUserIds) {
        Set<UUID> ids = new HashSet<>(companyUserIds == null ? List.of() : companyUserIds);
        for (UUID memberId : ids) {
            boolean ofCompany = companies.member(memberId)
                    .filter(m -> m.companyId().equals(companyId)).isPresent();
            if (!ofCompany) {
                throw AppException.invalid("company user " + memberId + " is not a user of the project's company");
            }
        }
        return ids;
    }

    /** The project an access check let through (same persistence context: no second read). */
    private Project found(ProjectRef checked) {
        return projects.find(checked.id()).orElseThrow(() -> AppException.notFound("Project"));
    }

    static String absoluteUrl(String field, String value) {
        if (value == null || value.isBlank()) {
            return value;
        }
        try {
            URI uri = new URI(value.trim());
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if (uri.isAbsolute() && (scheme.equals("http") || scheme.equals("https")) && uri.getHost() != null) {
                return value.trim();
            }
        } catch (URISyntaxException e) {
            // fall through
        }
        throw AppException.invalid(field + ": must be an absolute http or https URL");
    }

    /** Merchant API keys are sealed under the master key: re-wrapped onto the current one at startup. */
    void sealedColumns(@Observes SecretColumns columns) {
        columns.add("projects", "merchant_api_key", row -> "merchant-api-key:" + row[0], "id");
    }

    private static String keep(String given, String current) {
        return given != null ? given : current;
    }
}
