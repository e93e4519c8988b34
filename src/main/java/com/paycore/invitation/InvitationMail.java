package com.paycore.invitation;

import java.time.OffsetDateTime;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import java.util.UUID;
import java.util.logging.Logger;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.Session;
import jakarta.mail.Transport;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import com.paycore.platform.web.AppException;
import com.paycore.platform.web.ErrorCode;

/**
 * Delivers invitation tokens by e-mail (Jakarta Mail, provided by the server) so that only the owner of the invited
 * address learns the token. Without {@code payments.mail.smtp.host} the service is in development mode: nothing is
 * sent and the inviter gets the token in the answer, which a startup warning points out.
 */
@ApplicationScoped
class InvitationMail {

    private static final Logger LOG = Logger.getLogger(InvitationMail.class.getName());
    /** A mail server that stops answering must not hold a request (and its row locks) for long. */
    private static final String TIMEOUT_MS = "10000";

    @Inject
    @ConfigProperty(name = "payments.mail.smtp.host")
    Optional<String> host;

    @Inject
    @ConfigProperty(name = "payments.mail.smtp.port", defaultValue = "587")
    int port;

    /** starttls (required), tls (implicit TLS, SMTPS) or none (a local relay, tests). */
    @Inject
    @ConfigProperty(name = "payments.mail.smtp.security", defaultValue = "starttls")
    String security;

    @Inject
    @ConfigProperty(name = "payments.mail.smtp.username")
    Optional<String> username;

    @Inject
    @ConfigProperty(name = "payments.mail.smtp.password")
    Optional<String> password;

    @Inject
    @ConfigProperty(name = "payments.mail.smtp.from", defaultValue = "payments@localhost")
    String from;

    private Session session;
    private String protocol;

    @PostConstruct
    void init() {
        if (!configured()) {
            return;
        }
        String mode = security.trim().toLowerCase(Locale.ROOT);
        protocol = "tls".equals(mode) ? "smtps" : "smtp";
        String p = "mail." + protocol + ".";
        Properties props = new Properties();
        props.setProperty(p + "host", host.get().trim());
        props.setProperty(p + "port", Integer.toString(port));
        props.setProperty(p + "connectiontimeout", TIMEOUT_MS);
        props.setProperty(p + "timeout", TIMEOUT_MS);
        props.setProperty(p + "writetimeout", TIMEOUT_MS);
        props.setProperty(p + "auth", Boolean.toString(username.isPresent()));
        switch (mode) {
            case "starttls" -> {
                // Required, not opportunistic: the mail carries a credential, so never send it in clear.
                props.setProperty(p + "starttls.enable", "true");
                props.setProperty(p + "starttls.required", "true");
                props.setProperty(p + "ssl.checkserveridentity", "true");
            }
            case "tls" -> props.setProperty(p + "ssl.checkserveridentity", "true");
            case "none" -> {
            }
            default -> throw new IllegalArgumentException(
                    "payments.mail.smtp.security must be starttls, tls or none, got " + security);
        }
        session = Session.getInstance(props);
    }

    /** Without a mail server the inviter gets the token: say so in every start's log. */
    void warnAtStartup(@Observes @Initialized(ApplicationScoped.class) Object started) {
        if (!configured()) {
            LOG.warning("payments.mail.smtp.host is not set: invitation e-mails are not sent and POST "
                    + "/api/adm/invitations answers the invitation token to the inviter (development mode only; "
                    + "set PAYMENTS_MAIL_SMTP_HOST in production)");
        }
    }

    boolean configured() {
        return host.isPresent() && !host.get().isBlank();
    }

    /**
     * Sends the invitation; any failure is a {@code MAIL_UNAVAILABLE} refusal, so the caller's transaction rolls back
     * and no invitation exists whose token nobody received.
     */
    void send(Invitation invitation, String token, String companyName) {
        try {
            MimeMessage message = new MimeMessage(session);
            message.setFrom(new InternetAddress(from, true));
            message.setRecipient(Message.RecipientType.TO, new InternetAddress(invitation.email(), true));
            message.setSubject("Your invitation to the payments administration", "UTF-8");
            message.setText(body(invitation.id(), token, companyName, invitation.role().name(),
                    invitation.expiresAt()), "UTF-8");
            try (Transport transport = session.getTransport(protocol)) {
                transport.connect(host.get().trim(), port, username.orElse(null), password.orElse(null));
                transport.sendMessage(message, message.getAllRecipients());
            }
        } catch (MessagingException e) {
            // The exception names the server's answer, never the message body (which holds the token).
            LOG.warning("Invitation " + invitation.id() + " not sent: " + e.getClass().getSimpleName() + ": "
                    + e.getMessage());
            throw new AppException(ErrorCode.MAIL_UNAVAILABLE);
        }
    }

    static String body(UUID id, String token, String companyName, String role, OffsetDateTime expiresAt) {
        return "You have been invited to join " + companyName + " as " + role
                + " in the payments administration.\n\n"
                + "Invitation id: " + id + "\n"
                + "Invitation token: " + token + "\n"
                + "Valid until: " + expiresAt + "\n\n"
                + "To accept, POST {\"token\": \"<the token>\", \"password\": \"...\"} to /api/auth/invitations/" + id
                + "/accept. If you already have an account with this address, give its password (it stays "
                + "unchanged); otherwise choose a password of 8 to 200 characters for the new account.\n\n"
                + "If you did not expect this invitation, ignore this message: it expires by itself.\n";
    }
}
