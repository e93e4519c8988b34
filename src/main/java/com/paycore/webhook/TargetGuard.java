package com.paycore.webhook;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.Locale;

/**
 * What an endpoint URL may be (DESIGN.md section 10): absolute {@code https} or {@code http}, at most 2048 characters,
 * and, unless {@code payments.webhooks.allow-private-targets} is true, a host none of whose addresses is loopback,
 * link-local, private (site-local, unique-local), unspecified, shared (100.64/10) or multicast: the service must not
 * become a way into the network it runs in. Checked at registration and again before every attempt, since what a
 * name resolves to can change; an attempt connects to the very address it checked ({@link WebhookSender}: one
 * resolution, no second one by an HTTP client that could answer otherwise). Redirects are never followed, so a public
 * URL cannot bounce the request inwards either.
 */
final class TargetGuard {

    static final int MAX_URL = 2048;

    private TargetGuard() {
    }

    /** The URL if it is an absolute http(s) URL with a host; else the reason, for a 400. */
    static URI parse(String url) {
        if (url == null || url.isBlank()) {
            throw new IllegalArgumentException("url: must not be blank");
        }
        if (url.length() > MAX_URL) {
            throw new IllegalArgumentException("url: at most " + MAX_URL + " characters");
        }
        URI uri;
        try {
            uri = new URI(url.trim());
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("url: not a valid URL");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!uri.isAbsolute() || !(scheme.equals("https") || scheme.equals("http"))) {
            throw new IllegalArgumentException("url: must be an absolute https or http URL");
        }
        if (uri.getHost() == null || uri.getHost().isEmpty()) {
            throw new IllegalArgumentException("url: must name a host");
        }
        return uri;
    }

    /**
     * The one answer for a target refused at registration, whether its name does not resolve (or not in time) or
     * resolves to an address that may not be a target: the same words and status for both, so registering endpoints
     * tells nobody what a name resolves to inside the service's network (no DNS oracle).
     */
    static final String NOT_ALLOWED = "url: not an allowed webhook target: the host must resolve to public addresses "
            + "only (loopback, link-local, private, shared and multicast addresses are refused)";

    /** Whether a host with these addresses may be a target: every address public, or private ones allowed. */
    static boolean allowed(InetAddress[] addresses, boolean allowPrivateTargets) {
        if (addresses == null || addresses.length == 0) {
            return false;
        }
        if (allowPrivateTargets) {
            return true;
        }
        for (InetAddress address : addresses) {
            if (forbidden(address)) {
                return false;
            }
        }
        return true;
    }

    static boolean forbidden(InetAddress address) {
        if (address.isAnyLocalAddress() || address.isLoopbackAddress() || address.isLinkLocalAddress()
                || address.isSiteLocalAddress() || address.isMulticastAddress()) {
            return true;
        }
        byte[] b = address.getAddress();
        if (address instanceof Inet4Address) {
            int first = b[0] & 0xff;
            int second = b[1] & 0xff;
            return first == 0                                    // 0.0.0.0/8, "this network"
                    || (first == 100 && (second & 0xc0) == 64)   // 100.64.0.0/10, shared address space (CGNAT)
                    || (first == 192 && second == 0 && (b[2] & 0xff) == 0) // 192.0.0.0/24, protocol assignments
                    || (first == 198 && (second & 0xfe) == 18)   // 198.18.0.0/15, benchmarking
                    || first >= 240;                             // 240.0.0.0/4 reserved, and the broadcast address
        }
        if (address instanceof Inet6Address v6) {
            if ((b[0] & 0xfe) == 0xfc) {                          // fc00::/7, unique local
                return true;
            }
            boolean nat64 = (b[0] & 0xff) == 0 && (b[1] & 0xff) == 0x64 && (b[2] & 0xff) == 0xff
                    && (b[3] & 0xff) == 0x9b && allZero(b, 4, 12);  // 64:ff9b::/96
            if (v6.isIPv4CompatibleAddress() || nat64) {          // an IPv4 address in IPv6 clothing: judge that one
                try {
                    return forbidden(InetAddress.getByAddress(Arrays.copyOfRange(b, 12, 16)));
                } catch (UnknownHostException e) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean allZero(byte[] bytes, int from, int to) {
        for (int i = from; i < to; i++) {
            if (bytes[i] != 0) {
                return false;
            }
        }
        return true;
    }
}
