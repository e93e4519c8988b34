package com.paycore.console;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;

import jakarta.enterprise.context.RequestScoped;
import jakarta.faces.context.ExternalContext;
import jakarta.faces.context.FacesContext;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.servlet.http.HttpServletRequest;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import com.paycore.auth.PasswordSignIn;

/**
 * The sign-in form: the account's email and password, checked exactly as the token endpoint checks them (attempt
 * limits, lockout, inactive accounts, audit rows). A refusal stays on the form with its words; a success starts the
 * console session and opens the transactions.
 */
@Named
@RequestScoped
public class SignInPage {

    @Inject
    PasswordSignIn signIn;

    @Inject
    Clock clock;

    /** Idle time after which the console session ends. */
    @Inject
    @ConfigProperty(name = "payments.console.session-timeout", defaultValue = "PT30M")
    Duration sessionTimeout;

    private String email;
    private String password;
    private String refusal;

    public String signIn() throws IOException {
        ExternalContext external = FacesContext.getCurrentInstance().getExternalContext();
        HttpServletRequest request = (HttpServletRequest) external.getRequest();
        PasswordSignIn.Outcome outcome = signIn.signIn(request.getRemoteAddr(), email, password);
        password = null;
        if (!outcome.signedIn()) {
            refusal = outcome.refusal();
            return null;
        }
        ConsoleGate.begin(request, outcome.account().id(), clock.instant().getEpochSecond(), idleSeconds());
        external.redirect(external.getRequestContextPath() + "/console/transactions");
        return null;
    }

    private int idleSeconds() {
        return (int) Math.min(Integer.MAX_VALUE, Math.max(60, sessionTimeout.toSeconds())); // a minute at least
    }

    public String getEmail() {
        return email;
    }

    public void setEmail(String email) {
        this.email = email;
    }

    public String getPassword() {
        return password;
    }

    public void setPassword(String password) {
        this.password = password;
    }

    public String getRefusal() {
        return refusal;
    }
}
