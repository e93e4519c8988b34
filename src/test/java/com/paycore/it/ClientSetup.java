package com.paycore.it;

import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.apache.http.impl.client.DefaultHttpClient;
import org.apache.http.params.BasicHttpParams;
import org.apache.http.params.HttpParams;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.restassured.RestAssured;
import io.restassured.config.ObjectMapperConfig;

/**
 * REST Assured as the scenarios use it, with two costs of every request made once: its default HTTP client (a new
 * {@code DefaultHttpClient} per request) read the client library's version from the class path for its user agent
 * each time, and its default Jackson mapper factory made a new {@code ObjectMapper} per body, looking up modules on
 * the class path each time (together 6% of the test JVM's CPU in a profiled run). Each request still gets a client of
 * its own, with parameters of its own set to the same defaults, and bodies are written by a mapper with the same
 * modules.
 * <p>
 * The parameters are copied entry by entry: {@code HttpParams.copy()} would not do, as its clone shares the original's
 * map, so every client would share one set of parameters and one request's {@code redirects().follow(false)} could be
 * undone by another thread's request between being set and being used (it was: a CI run saw a 200 where the
 * unfollowed redirect's 303 was due).
 */
final class ClientSetup {

    private static final Map<String, Object> CLIENT_DEFAULTS = defaults(new DefaultHttpClient().getParams());
    private static final ObjectMapper BODIES = new ObjectMapper().findAndRegisterModules();

    private ClientSetup() {
    }

    static void configure() {
        RestAssured.config = RestAssured.config()
                .httpClient(RestAssured.config().getHttpClientConfig().httpClientFactory(ClientSetup::newClient))
                .objectMapperConfig(ObjectMapperConfig.objectMapperConfig()
                        .jackson2ObjectMapperFactory((type, charset) -> BODIES));
    }

    /** A client with parameters of its own, set to the defaults a new {@code DefaultHttpClient} would compute. */
    @SuppressWarnings("deprecation") // REST Assured's factory type is the deprecated DefaultHttpClient's
    static DefaultHttpClient newClient() {
        HttpParams params = new BasicHttpParams();
        CLIENT_DEFAULTS.forEach(params::setParameter);
        return new DefaultHttpClient(null, params);
    }

    private static Map<String, Object> defaults(HttpParams params) {
        return ((BasicHttpParams) params).getNames().stream()
                .collect(Collectors.toUnmodifiableMap(Function.identity(), params::getParameter));
    }
}
