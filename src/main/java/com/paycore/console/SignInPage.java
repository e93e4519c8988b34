package com.paycore.console;

import java.io.IOException;
import java.time.Clock;

import jakarta.enterprise.context.RequestScoped;
import jakarta.faces.context.ExternalContext;
import jakarta.faces.context.FacesContext;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.servlet.http.HttpServletRequest;

import org.primefaces.context.PrimeFacesContext;

import com.paycore.auth.PasswordSignIn;

/**
 * The sign-in form: the account's email and password, checked exactly as the token endpoint checks them (attempt
 * limits, lockout, inactive accounts, audit rows). A refusal stays on the form with its words; a success starts the
 * console session and opens the transactions. The page itself is a transient (stateless) view: showing it, or
 * refusing a sign-in, creates no session, so a flood of requests for it fills no memory.
 */
@Named
@RequestScoped
public class SignInPage {

    @Inject
    PasswordSignIn signIn;

    @Inject
    Clock clock;

    @Inject
    ConsoleSessions sessions;

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
        ConsoleGate.begin(request, outcome.account().id(), clock.millis(), sessions.idleSeconds());
        external.redirect(external.getRequestContextPath() + "/console/transactions");
        return null;
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

    /**
     * The nonce of this page's scripts (PrimeFaces in CSP mode): the form sends it back, so that a postback of this
     * stateless view, which keeps no nonce on the server, is rendered again under one even without the page's scripts.
     */
    public String getNonce() {
        return PrimeFacesContext.getCspState(FacesContext.getCurrentInstance()).getNonce();
    }

    public String getRefusal() {
        return refusal;
    }
}
