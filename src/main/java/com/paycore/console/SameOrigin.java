package com.paycore.console;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/**
 * Whether a POST comes from the console's own pages: its {@code Origin}, else its {@code Referer}, must name the host
 * (and port) the request was sent to. Only the authority is compared, not the scheme, so the check holds behind a
 * proxy that ends TLS. A request with neither header is let through (browsers send Origin with every POST; the Faces
 * view state still guards the form); {@code Origin: null} (a sandboxed or privacy-redirected page) is foreign.
 */
final class SameOrigin {

    private SameOrigin() {
    }

    static boolean allows(String host, String origin, String referer) {
        if (origin != null) {
            return sameAuthority(host, origin);
        }
        return referer == null || sameAuthority(host, referer);
    }

    private static boolean sameAuthority(String host, String url) {
        if (host == null || host.isBlank()) {
            return false;
        }
        try {
            String authority = new URI(url.trim()).getRawAuthority();
            return authority != null && authority.toLowerCase(Locale.ROOT).equals(host.trim().toLowerCase(Locale.ROOT));
        } catch (URISyntaxException malformed) {
            return false;
        }
    }
}
