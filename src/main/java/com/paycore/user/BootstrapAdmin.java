package com.paycore.user;

import java.util.Optional;
import java.util.logging.Logger;

import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import com.paycore.audit.AuditLog;
import com.paycore.platform.runtime.StartupOrder;

/**
 * Creates the first platform administrator from {@code payments.bootstrap.admin.email}/{@code .password}
 * when both are set and no active platform administrator exists yet. At startup once the schema and the master key
 * are in place ({@link StartupOrder#DATA}), in one transaction (the class-level binding covers the observer, which
 * the container calls as a business method).
 */
@ApplicationScoped
@Transactional
class BootstrapAdmin {

    private static final Logger LOG = Logger.getLogger(BootstrapAdmin.class.getName());

    @Inject
    UserRepository users;

    @Inject
    UserService userService;

    @Inject
    AuditLog audit;

    @Inject
    @ConfigProperty(name = "payments.bootstrap.admin.email")
    Optional<String> email;

    @Inject
    @ConfigProperty(name = "payments.bootstrap.admin.password")
    Optional<String> password;

    void bootstrap(@Observes @Priority(StartupOrder.DATA) @Initialized(ApplicationScoped.class) Object started) {
        if (email.isEmpty() || password.isEmpty()) {
            return;
        }
        if (users.anyActivePlatformAdmin()) {
            return;
        }
        if (users.findByEmail(email.get()).isPresent()) {
            LOG.warning("Bootstrap administrator not created: a user with that email exists but is not an active "
                    + "platform administrator");
            return;
        }
        try {
            User admin = new User(email.get(), true);
            admin.changePasswordHash(userService.hashPassword(password.get()));
            users.add(admin);
            audit.recordAs(admin.id(), admin.email(), "UserCreated", "User", admin.id(), AuditLog.SUCCESS,
                    "bootstrap platform administrator");
            LOG.info("Created the bootstrap platform administrator " + admin.email());
        } catch (RuntimeException e) {
            LOG.warning("Bootstrap administrator not created (another instance may have created it)");
        }
    }
}
