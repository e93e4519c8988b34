package com.paycore.invitation;

import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import com.paycore.access.Caller;
import com.paycore.access.CompanyAccess;
import com.paycore.audit.AuditLog;
import com.paycore.company.CompanyUserService;
import com.paycore.platform.AppException;
import com.paycore.platform.Bodies;
import com.paycore.platform.ErrorCode;
import com.paycore.platform.Ids;
import com.paycore.platform.Page;
import com.paycore.platform.Secrets;
import com.paycore.user.Account;
import com.paycore.user.Accounts;
import com.paycore.user.UserService;

/**
 * Invitations to join a company. No mail is sent by the service: the creation answer carries the
 * one-time token for the inviter to pass on; only its digest is stored.
 */
@ApplicationScoped
@Transactional
public class InvitationService {

    public record Created(Invitation invitation, String token) {
    }

    @PersistenceContext(unitName = "payments")
    EntityManager em;

    @Inject
    CompanyAccess access;

    @Inject
    CompanyUserService members;

    @Inject
    Accounts users;

    @Inject
    UserService userService;

    @Inject
    Caller caller;

    @Inject
    AuditLog audit;

    @Inject
    Clock clock;

    @Inject
    @ConfigProperty(name = "payments.invitations.validity-days", defaultValue = "7")
    int validityDays;

    public Created create(CreateInvitationRequest request) {
        access.asAdmin(Bodies.requiredId(request, "companyId", request.companyId));
        Bodies.validate(request);
        if (users.findByEmail(request.email).filter(u -> members.isMember(request.companyId, u.id())).isPresent()) {
            throw new AppException(ErrorCode.DUPLICATE_COMPANY_USER);
        }
        String token = Secrets.newToken();
        OffsetDateTime now = OffsetDateTime.now(clock);
        Invitation invitation = new Invitation(request.companyId, request.email, request.resolvedRole(),
                Secrets.digest(token), now.plusDays(validityDays), caller.userId());
        em.persist(invitation);
        audit.record("InvitationCreated", request.companyId, "Invitation", invitation.id(),
                "role=" + invitation.role());
        return new Created(invitation, token);
    }

    public List<InvitationView> list(UUID companyId, Page page) {
        List<UUID> within = companyId != null ? List.of(access.asAdmin(companyId)) : access.administeredCompanies();
        StringBuilder jpql = new StringBuilder("select i from Invitation i");
        if (within != null) {
            jpql.append(" where i.companyId in :within");
        }
        var query = em.createQuery(jpql.append(" order by i.createdAt, i.id").toString(), Invitation.class);
        if (within != null) {
            query.setParameter("within", Ids.orNone(within));
        }
        OffsetDateTime now = OffsetDateTime.now(clock);
        return query.setFirstResult(page.offset()).setMaxResults(page.limit()).getResultStream()
                .map(i -> InvitationView.from(i, now)).toList();
    }

    /** Accepting needs no bearer token: the invitation token is the credential. Works once. */
    /** Answers the new membership's id. */
    public UUID accept(UUID id, AcceptInvitationRequest request) {
        Invitation invitation = em.find(Invitation.class, id, LockModeType.PESSIMISTIC_WRITE);
        if (invitation == null) {
            throw AppException.notFound("Invitation");
        }
        Bodies.validate(request);
        OffsetDateTime now = OffsetDateTime.now(clock);
        if (invitation.status(now) != Invitation.Status.Pending
                || !Secrets.sameDigest(invitation.tokenHash(), Secrets.digest(request.token))) {
            throw new AppException(ErrorCode.INVITATION_INVALID);
        }
        Account user = users.findByEmail(invitation.email()).orElse(null);
        if (user == null) {
            if (request.password == null) {
                throw AppException.invalid("password: must not be blank for a new account");
            }
            user = userService.register(invitation.email(), request.firstName, request.lastName, request.password);
        }
        UUID member = members.join(invitation.companyId(), user, invitation.role(), request.firstName,
                request.lastName, null, true);
        invitation.accept(now, member);
        audit.recordAs(user.id(), user.email(), "InvitationAccepted", "Invitation", id, AuditLog.SUCCESS,
                "companyUser=" + member);
        return member;
    }

    /** E20. Another tenant's invitation answers as a missing one. */
    public boolean belongsToCompany(UUID companyId, UUID invitationId) {
        if (companyId == null || invitationId == null) {
            throw AppException.invalid("CompanyId and UserInvitationId (invitationId) are required");
        }
        access.asAdmin(companyId);
        Invitation invitation = em.find(Invitation.class, invitationId);
        if (invitation == null) {
            throw AppException.notFound("Invitation");
        }
        if (invitation.companyId().equals(companyId)) {
            return true;
        }
        try {
            access.asAdmin(invitation.companyId());
        } catch (AppException e) {
            throw AppException.notFound("Invitation");
        }
        return false;
    }
}
