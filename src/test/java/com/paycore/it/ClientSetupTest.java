package com.paycore.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import org.apache.http.client.params.ClientPNames;
import org.apache.http.impl.client.DefaultHttpClient;
import org.apache.http.params.CoreProtocolPNames;
import org.junit.jupiter.api.Test;

/** The scenarios' HTTP clients each have parameters of their own, set to a new client's defaults. */
@SuppressWarnings("deprecation")
class ClientSetupTest {

    @Test
    void aClientsParametersAreItsOwn() {
        DefaultHttpClient first = ClientSetup.newClient();
        DefaultHttpClient second = ClientSetup.newClient();
        first.getParams().setParameter(ClientPNames.HANDLE_REDIRECTS, Boolean.FALSE);
        second.getParams().setParameter(ClientPNames.HANDLE_REDIRECTS, Boolean.TRUE);
        assertEquals(Boolean.FALSE, first.getParams().getParameter(ClientPNames.HANDLE_REDIRECTS),
                "another client's redirect setting does not reach this one");
        assertEquals(null, ClientSetup.newClient().getParams().getParameter(ClientPNames.HANDLE_REDIRECTS),
                "nor a client made afterwards");
    }

    @Test
    void aClientStartsWithTheDefaultsOfANewClient() {
        Object expected = new DefaultHttpClient().getParams().getParameter(CoreProtocolPNames.USER_AGENT);
        assertNotNull(expected);
        assertEquals(expected, ClientSetup.newClient().getParams().getParameter(CoreProtocolPNames.USER_AGENT));
        assertEquals(new DefaultHttpClient().getParams().getParameter(CoreProtocolPNames.PROTOCOL_VERSION),
                ClientSetup.newClient().getParams().getParameter(CoreProtocolPNames.PROTOCOL_VERSION));
    }
}
