package com.paycore.it;

import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import jakarta.mail.MessagingException;
import jakarta.mail.internet.MimeMessage;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.GreenMailUtil;
import com.icegreen.greenmail.util.ServerSetup;

/**
 * A real SMTP server (GreenMail) on the port the main instance under test sends its e-mails to (pom.xml:
 * {@code it.smtp.port}), running in the test JVM from the first test on until the JVM exits. Sending is synchronous
 * in the service, so a message is here by the time its request has answered.
 */
final class Mailbox {

    private static GreenMail server;

    private Mailbox() {
    }

    static synchronized void start() {
        if (server != null) {
            return;
        }
        server = new GreenMail(new ServerSetup(Integer.parseInt(System.getProperty("payments.it.smtp.port")),
                "127.0.0.1", ServerSetup.PROTOCOL_SMTP));
        server.start();
        GreenMail started = server;
        Runtime.getRuntime().addShutdownHook(new Thread(started::stop));
    }

    /** Stops the server until {@link #start()}: for what the service does when its mail server is down. */
    static synchronized void stop() {
        if (server != null) {
            server.stop();
            server = null;
        }
    }

    /** Every message received so far for the address. */
    static List<MimeMessage> to(String email) {
        start();
        return Arrays.stream(server.getReceivedMessages()).filter(m -> addressedTo(m, email)).toList();
    }

    /** An invitation as its e-mail tells it. */
    record InvitationMail(UUID id, String token, String body) {
    }

    private static final Pattern ID = Pattern.compile("Invitation id: (\\S+)");
    private static final Pattern TOKEN = Pattern.compile("Invitation token: (\\S+)");

    /** The one invitation e-mail the address got; fails when there is none or more than one. */
    static InvitationMail invitationTo(String email) {
        List<MimeMessage> messages = to(email);
        if (messages.size() != 1) {
            throw new AssertionError("expected one e-mail to " + email + ", got " + messages.size());
        }
        String body = GreenMailUtil.getBody(messages.get(0));
        return new InvitationMail(UUID.fromString(group(ID, body)), group(TOKEN, body), body);
    }

    private static String group(Pattern pattern, String body) {
        Matcher m = pattern.matcher(body);
        if (!m.find()) {
            throw new AssertionError("no " + pattern + " in the e-mail: " + body);
        }
        return m.group(1);
    }

    private static boolean addressedTo(MimeMessage message, String email) {
        try {
            return message.getAllRecipients() != null && Arrays.stream(message.getAllRecipients())
                    .anyMatch(a -> a.toString().equalsIgnoreCase(email));
        } catch (MessagingException e) {
            throw new IllegalStateException(e);
        }
    }
}
