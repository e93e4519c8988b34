package com.paycore.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;

import org.junit.jupiter.api.Test;

/**
 * The SSRF guard with payments.webhooks.allow-private-targets false (the production default): every address class
 * that reaches into the service's own network is refused; public addresses pass. Only IP literals, so no DNS is asked.
 */
class TargetGuardTest {

    static boolean forbidden(String literal) throws Exception {
        return TargetGuard.forbidden(InetAddress.getByName(literal));
    }

    @Test
    void loopbackLinkLocalPrivateUnspecifiedAndMulticastAreRefused() throws Exception {
        String[] refused = {
            "127.0.0.1", "127.255.255.254", "::1",                          // loopback
            "169.254.169.254", "169.254.0.1", "fe80::1",                    // link-local (cloud metadata)
            "10.0.0.1", "10.255.255.255", "172.16.0.1", "172.31.255.255",   // private
            "192.168.0.1", "192.168.255.255", "fc00::1", "fd12:3456::1", "fec0::1",
            "0.0.0.0", "0.1.2.3", "::",                                     // unspecified, "this network"
            "224.0.0.1", "239.255.255.250", "ff02::1",                      // multicast
            "100.64.0.1", "100.127.255.254",                                // shared address space
            "255.255.255.255", "240.0.0.1", "198.18.0.1", "192.0.0.8",
            "::ffff:127.0.0.1", "::ffff:10.0.0.1", "::127.0.0.1", "64:ff9b::a00:1", // IPv4 inside IPv6
        };
        for (String address : refused) {
            assertTrue(forbidden(address), address + " must be refused");
        }
    }

    @Test
    void publicAddressesPass() throws Exception {
        for (String address : new String[] {"93.184.216.34", "8.8.8.8", "172.15.255.255", "172.32.0.1", "100.63.255.255",
                "100.128.0.1", "192.169.0.1", "11.0.0.1", "2606:4700:4700::1111", "2001:db8::1", "64:ff9b::808:808"}) {
            assertFalse(forbidden(address), address + " must pass");
        }
    }

    @Test
    void aHostIsRefusedWhenAnyOfItsAddressesIsPrivateUnlessAllowed() throws Exception {
        for (String literal : new String[] {"127.0.0.1", "::1", "10.1.2.3", "169.254.169.254", "192.168.1.1", "fd00::5"}) {
            InetAddress[] addresses = {InetAddress.getByName("93.184.216.34"), InetAddress.getByName(literal)};
            assertFalse(TargetGuard.allowed(addresses, false), literal);
            assertTrue(TargetGuard.allowed(addresses, true), "allowed: " + literal);
        }
        assertTrue(TargetGuard.allowed(new InetAddress[] {InetAddress.getByName("93.184.216.34")}, false));
        assertFalse(TargetGuard.allowed(new InetAddress[0], true), "no address: nothing to connect to");
        assertFalse(TargetGuard.allowed(null, false));
    }

    @Test
    void urlsMustBeAbsoluteHttpOrHttpsWithAHostAndAtMost2048Characters() {
        assertEquals("https://example.com/hook", TargetGuard.parse("https://example.com/hook").toString());
        assertEquals("http", TargetGuard.parse("HTTP://example.com").getScheme().toLowerCase());
        String longest = "https://example.com/" + "a".repeat(2048 - "https://example.com/".length());
        TargetGuard.parse(longest);
        for (String bad : new String[] {null, "", "  ", "/relative", "example.com/hook", "ftp://example.com/x",
                "file:///etc/passwd", "javascript:alert(1)", "https://", "http://exa mple.com/", "https:///path",
                longest + "a"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TargetGuard.parse(bad),
                    String.valueOf(bad));
            assertTrue(e.getMessage().startsWith("url: "), e.getMessage());
        }
    }
}
