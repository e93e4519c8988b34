package com.paycore.it;

import org.apache.http.impl.client.DefaultHttpClient;
import org.apache.http.params.HttpParams;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.restassured.RestAssured;
import io.restassured.config.ObjectMapperConfig;

/**
 * REST Assured as the scenarios use it, with two costs of every request made once: its default HTTP client (a new
 * {@code DefaultHttpClient} per request) read the client library's version from the class path for its user agent
 * each time, and its default Jackson mapper factory made a new {@code ObjectMapper} per body, looking up modules on
 * the class path each time (together 6% of the test JVM's CPU in a profiled run). Each request still gets a client of
 * its own, with the same default parameters, and bodies are written by a mapper with the same modules.
 */
final class ClientSetup {

    private static final HttpParams CLIENT_DEFAULTS = new DefaultHttpClient().getParams();
    private static final ObjectMapper BODIES = new ObjectMapper().findAndRegisterModules();

    private ClientSetup() {
    }

    @SuppressWarnings("deprecation") // REST Assured's factory type is the deprecated DefaultHttpClient's
    static void configure() {
        RestAssured.config = RestAssured.config()
                .httpClient(RestAssured.config().getHttpClientConfig()
                        .httpClientFactory(() -> new DefaultHttpClient(null, CLIENT_DEFAULTS.copy())))
                .objectMapperConfig(ObjectMapperConfig.objectMapperConfig()
                        .jackson2ObjectMapperFactory((type, charset) -> BODIES));
    }
}
