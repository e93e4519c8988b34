package com.paycore.user;

import java.util.Optional;
import java.util.logging.Logger;

import jakarta.annotation.PostConstruct;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import com.paycore.audit.AuditLog;

/**
 * Creates the first platform administrator from {@code payments.bootstrap.admin.email}/{@code .password}
 * when both are set and no active platform administrator exists yet.
 */
@Singleton
@Startup
@DependsOn("SchemaMigration")
public class BootstrapAdmin {

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

    @PostConstruct
    @TransactionAttribute(TransactionAttributeType.REQUIRED)
    void bootstrap() {
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
