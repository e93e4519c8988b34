package com.paycore.user;

import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import com.paycore.access.Caller;
import com.paycore.audit.AuditLog;
import com.paycore.platform.data.Page;
import com.paycore.platform.input.Bodies;
import com.paycore.platform.web.AppException;
import com.paycore.platform.web.ErrorCode;

@ApplicationScoped
@Transactional
class UserService {

    @Inject
    UserRepository users;

    @Inject
    AuditLog audit;

    @Inject
    Caller caller;

    @Inject
    Event<SessionsEnded> sessionsEnded;

    @Inject
    Clock clock;

    @Inject
    @ConfigProperty(name = "payments.security.pbkdf2-iterations", defaultValue = "210000")
    int iterations;

    private Passwords passwords;

    @PostConstruct
    void init() {
        passwords = new Passwords(iterations);
    }

    public String hashPassword(String password) {
        return passwords.hash(password.toCharArray());
    }

    User create(CreateUserRequest request) {
        caller.requirePlatformAdmin();
        if (users.emailTaken(request.email, null)) {
            throw new AppException(ErrorCode.DUPLICATE_EMAIL);
        }
        User user = new User(request.email, Boolean.TRUE.equals(request.platformAdmin));
        user.changeName(request.firstName, request.lastName);
        user.changePhoneNumber(request.phoneNumber);
        if (request.password != null) {
            user.changePasswordHash(hashPassword(request.password));
        }
        if (request.isActive != null) {
            user.activate(request.isActive);
        }
        users.add(user);
        audit.record("UserCreated", null, "User", user.id(),
                user.platformAdmin() ? "platformAdmin=true" : null);
        return user;
    }

    /** E1. Only platform administrators change users. */
    public void update(UUID id, UpdateUserRequest request) {
        caller.requirePlatformAdmin();
        if (Boolean.FALSE.equals(request.platformAdmin) || Boolean.FALSE.equals(request.isActive)) {
            users.lockPlatformAdministrators(); // before reading the user: the state read is then the latest
        }
        User user = users.find(id).orElseThrow(() -> AppException.notFound("User"));
        Bodies.validate(id, request, request.id);
        if (users.emailTaken(request.email, id)) {
            throw new AppException(ErrorCode.DUPLICATE_EMAIL);
        }
        List<String> changed = new ArrayList<>();
        if (!User.emailKey(request.email).equals(User.emailKey(user.email()))) {
            changed.add("email");
        }
        user.changeEmail(request.email);
        if (request.firstName != null || request.lastName != null) {
            user.changeName(request.firstName != null ? request.firstName : user.firstName(),
                    request.lastName != null ? request.lastName : user.lastName());
            changed.add("name");
        }
        if (request.phoneNumber != null) {
            user.changePhoneNumber(request.phoneNumber);
            changed.add("phoneNumber");
        }
        if (request.password != null) {
            user.changePasswordHash(hashPassword(request.password));
            user.recordSuccessfulLogin(); // a new password lifts a lockout
            changed.add("password");
        }
        boolean wasAdmin = user.platformAdmin() && user.active();
        if (request.platformAdmin != null && request.platformAdmin != user.platformAdmin()) {
            user.grantPlatformAdmin(request.platformAdmin);
            audit.record(request.platformAdmin ? "PlatformAdminGranted" : "PlatformAdminRevoked", null, "User", id, null);
        }
        if (request.isActive != null && request.isActive != user.active()) {
            user.activate(request.isActive);
            audit.record(request.isActive ? "UserActivated" : "UserDeactivated", null, "User", id, null);
        }
        if (wasAdmin && !(user.platformAdmin() && user.active()) && !users.anyOtherActivePlatformAdmin(id)) {
            throw AppException.invalid("The last active platform administrator cannot be deactivated or demoted");
        }
        boolean credentialsChanged = request.password != null || changed.contains("email");
        if (credentialsChanged) {
            user.recordCredentialChange(OffsetDateTime.now(clock));
        }
        if (credentialsChanged || Boolean.FALSE.equals(request.isActive)) {
            sessionsEnded.fire(new SessionsEnded(id));
        }
        users.flush();
        if (!changed.isEmpty()) {
            audit.record("UserUpdated", null, "User", id, "changed: " + String.join(",", changed));
        }
    }

    User get(UUID id) {
        caller.requirePlatformAdmin();
        return users.find(id).orElseThrow(() -> AppException.notFound("User"));
    }

    User me() {
        return users.find(caller.userId()).orElseThrow(AppException::unauthenticated);
    }

    /** The console's users list: GET /api/adm/users's check (platform administrators), searched by e-mail or name. */
    List<UserView> views(String text, Page page) {
        caller.requirePlatformAdmin();
        return users.search(text, page).stream().map(UserView::from).toList();
    }

    List<User> list(String email, Page page) {
        caller.requirePlatformAdmin();
        return users.list(email, page);
    }
}
