package com.paycore.console;

import jakarta.inject.Inject;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.annotation.WebListener;

/**
 * The session cookie's {@code Secure} flag, set while the application starts (the only time the container allows it):
 * always in production mode, which sits behind TLS even when a proxy ends it and forwards plain HTTP; elsewhere only
 * when the request came over TLS (glassfish-web.xml's {@code cookieSecure=dynamic}). Also checks the session settings
 * then, so a bad one stops the start instead of the first sign-in.
 */
@WebListener
public class ConsoleCookie implements ServletContextListener {

    @Inject
    ConsoleSessions sessions;

    @Override
    public void contextInitialized(ServletContextEvent event) {
        if (sessions.production()) {
            event.getServletContext().getSessionCookieConfig().setSecure(true);
        }
    }
}
