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
import com.paycore.company.CompanyService;
import com.paycore.platform.data.Page;
import com.paycore.platform.input.Bodies;
import com.paycore.platform.input.Ids;
import com.paycore.platform.web.AppException;
import com.paycore.platform.web.ErrorCode;
import com.paycore.secret.Secrets;
import com.paycore.user.Account;
import com.paycore.user.Accounts;

/**
 * Invitations to join a company. The one-time token goes by e-mail to the invited address only (the inviter
 * must not be able to accept in the invitee's place); only in development mode, without a mail server, does
 * the creation answer carry it. Only its digest is stored.
 */
@ApplicationScoped
@Transactional
class InvitationService {

    /** token is null when it went by e-mail: then nobody but the invitee sees it. */
    record Created(Invitation invitation, String token) {
    }

    @PersistenceContext(unitName = "payments")
    EntityManager em;

    @Inject
    CompanyAccess access;

    @Inject
    CompanyService companyService;

    @Inject
    Accounts users;

    @Inject
    Caller caller;

    @Inject
    AuditLog audit;

    @Inject
    Clock clock;

    @Inject
    InvitationMail mail;

    @Inject
    @ConfigProperty(name = "payments.invitations.validity-days", defaultValue = "7")
    int validityDays;

    Created create(CreateInvitationRequest request) {
        UUID companyId = access.asAdmin(Bodies.requiredId(request, "companyId", request.companyId));
        Bodies.validate(request);
        if (users.findByEmail(request.email).filter(u -> companyService.isMember(request.companyId, u.id())).isPresent()) {
            throw new AppException(ErrorCode.DUPLICATE_COMPANY_USER);
        }
        String token = Secrets.newToken();
        OffsetDateTime now = OffsetDateTime.now(clock);
        Invitation invitation = new Invitation(request.companyId, request.email, request.resolvedRole(),
                Secrets.digest(token), now.plusDays(validityDays), caller.userId());
        em.persist(invitation);
        boolean byMail = mail.configured();
        audit.record("InvitationCreated", request.companyId, "Invitation", invitation.id(),
                "role=" + invitation.role() + ", token " + (byMail ? "sent by e-mail" : "answered to the inviter"));
        if (!byMail) {
            return new Created(invitation, token);
        }
        // Last, once everything else has succeeded: a failed send rolls the invitation back (MAIL_UNAVAILABLE).
        em.flush();
        mail.send(invitation, token, companyService.nameOf(companyId));
        return new Created(invitation, null);
    }

    public List<InvitationView> list(UUID companyId, Page page) {
        List<UUID> within = companyId != null ? List.of(access.asAdmin(companyId)) : access.administeredCompanies();
        var query = em.createQuery(InvitationRows.LISTED + (within == null ? "" : InvitationRows.WITHIN)
                + InvitationRows.OLDEST_FIRST, Invitation.class);
        if (within != null) {
            query.setParameter("within", Ids.orNone(within));
        }
        OffsetDateTime now = OffsetDateTime.now(clock);
        return query.setFirstResult(page.offset()).setMaxResults(page.limit()).getResultStream()
                .map(i -> InvitationView.from(i, now)).toList();
    }

    /**
     * Accepting needs no bearer token: the invitation token is the credential. Works once. An email that already
     * has an account joins only with that account's password (the token alone proves control of the mailbox at
     * best, not of the account), which is never changed here; a wrong one counts as a failed login and commits.
     * Answers the new membership's id.
     */
    @Transactional(dontRollbackOn = AccountPasswordRefused.class)
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
        Account user = users.lockByEmail(invitation.email()).orElse(null);
        if (user == null) {
            if (request.password == null) {
                throw AppException.invalid("password: must not be blank for a new account");
            }
            user = users.register(invitation.email(), request.firstName, request.lastName, request.password);
        } else {
            proveAccount(user, request.password, now, id);
        }
        UUID member = companyService.join(invitation.companyId(), user, invitation.role(), request.firstName,
                request.lastName, null, true);
        invitation.accept(now, member);
        audit.recordAs(user.id(), user.email(), "InvitationAccepted", "Invitation", id, AuditLog.SUCCESS,
                "companyUser=" + member);
        return member;
    }

    /**
     * A refusal of the existing account that commits: the failure counter and the audit row stay (nothing else has
     * changed by then), so failures count towards the login lockout.
     */
    static final class AccountPasswordRefused extends AppException {
        AccountPasswordRefused() {
            super(ErrorCode.INVITATION_ACCOUNT_PASSWORD);
        }
    }

    /**
     * The existing account's own password, checked like a login (same lockout counter, so the endpoint cannot be
     * used to guess passwords); the user row is locked by the caller.
     */
    private void proveAccount(Account user, String password, OffsetDateTime now, UUID invitationId) {
        switch (users.proveOwner(user.id(), password, now, "InvitationAccepted", "Invitation", invitationId)) {
            case MISSING -> throw new AppException(ErrorCode.INVITATION_ACCOUNT_PASSWORD);
            case REFUSED -> throw new AccountPasswordRefused();
            case PROVEN -> {
            }
            default -> throw new IllegalStateException();
        }
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
