package com.paycore.platform.input;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.regex.Pattern;

import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonException;
import jakarta.json.JsonValue;
import jakarta.json.bind.JsonbException;
import jakarta.json.stream.JsonParser;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.Provider;
import jakarta.ws.rs.ext.ReaderInterceptor;
import jakarta.ws.rs.ext.ReaderInterceptorContext;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import com.paycore.platform.web.AppException;
import com.paycore.platform.web.ErrorCode;
import com.paycore.platform.web.ErrorResponses;
import com.paycore.platform.web.StrictJson;

/**
 * What any request body must be before the application reads it (docs/DECISIONS.md, "Bad input"): at most
 * {@code payments.http.max-body-bytes} (413), valid UTF-8, and for JSON: well-formed, an object where the operation
 * takes an object, nested at most {@link #MAX_DEPTH} deep, and every number short with a small exponent. The checks
 * run on the raw bytes with a streaming parser, before JSON-B builds anything and before any arithmetic or
 * formatting sees a number: {@code 1e-1500000000} is refused here instead of exhausting the heap in
 * {@code toPlainString}.
 */
public final class RequestBodies {

    public static final int MAX_DEPTH = 64;
    /** Characters of a JSON number: money is numeric(19,4), counts are 32-bit; 40 leaves room for notation. */
    public static final int MAX_NUMBER_CHARS = 40;
    /** Largest |scale| a JSON number may have (1e-40 and 1e40 pass, 1e-41 does not). */
    public static final int MAX_NUMBER_SCALE = 40;

    private RequestBodies() {
    }

    /**
     * Refuses a body over the limit: by its {@code Content-Length} at once, else (chunked) when reading passes the
     * limit. Pre-matching, so it also bounds filters that read the body (idempotency fingerprints).
     */
    @Provider
    @PreMatching
    @Priority(2)
    @ApplicationScoped
    public static class SizeLimit implements ContainerRequestFilter {

        @Inject
        @ConfigProperty(name = "payments.http.max-body-bytes", defaultValue = "1048576")
        long maxBodyBytes;

        @Override
        public void filter(ContainerRequestContext request) {
            if (ownLimit(request)) {
                return;
            }
            String declared = request.getHeaderString(HttpHeaders.CONTENT_LENGTH);
            if (declared != null) {
                long length;
                try {
                    length = Long.parseLong(declared.trim());
                } catch (NumberFormatException e) {
                    throw new AppException(ErrorCode.VALIDATION, "Content-Length is not a number");
                }
                if (length > maxBodyBytes) {
                    // answered at once; closing the connection spares reading (or draining) the rest of the body
                    request.abortWith(Response.fromResponse(ErrorResponses.of(ErrorCode.BODY_TOO_LARGE, maxBodyBytes))
                            .header("Connection", "close").build());
                    return;
                }
            }
            InputStream in = request.getEntityStream();
            if (in != null) {
                request.setEntityStream(new Bounded(in, maxBodyBytes));
            }
        }
    }

    /** A card file's upload, which has its own limit (payments.card-files.max-bytes) and streams its body. */
    private static final Pattern OWN_LIMIT = Pattern.compile("/?pay/[^/]+/cardFiles/?");

    static boolean ownLimit(ContainerRequestContext request) {
        return "POST".equals(request.getMethod()) && OWN_LIMIT.matcher(request.getUriInfo().getPath()).matches();
    }

    /** Counts what is read and refuses past the limit. */
    static final class Bounded extends CountedInputStream {
        private final long max;

        Bounded(InputStream in, long max) {
            super(in);
            this.max = max;
        }

        @Override
        protected void counted(int n) {
            super.counted(n);
            if (count() > max) {
                throw new AppException(ErrorCode.BODY_TOO_LARGE, max);
            }
        }
    }

    /**
     * Checks every body a resource reads (JSON and forms) before it is converted, and turns any failure of the
     * conversion itself into a 400: a body of the wrong shape is the client's error, never a 500.
     */
    @Provider
    @Priority(1)
    public static class Strict implements ReaderInterceptor {

        @Override
        public Object aroundReadFrom(ReaderInterceptorContext context) throws IOException {
            if (context.getType() == InputStream.class) {
                return context.proceed(); // a stream the resource reads itself (a card file): never buffered here
            }
            byte[] body = context.getInputStream() == null ? new byte[0] : context.getInputStream().readAllBytes();
            check(body, context.getMediaType(), context.getType(), context.getGenericType());
            context.setInputStream(new ByteArrayInputStream(body));
            try {
                return context.proceed();
            } catch (WebApplicationException | ProcessingException | JsonbException
                     | JsonException e) {
                throw e; // the exception mappers answer these (400 naming the field where they can)
            } catch (RuntimeException e) {
                // e.g. a JSON array where the binding expects a map: the binding's own casts fail
                throw new AppException(ErrorCode.MALFORMED_JSON, "");
            }
        }
    }

    /** All checks on one body; 400 (or 413 through the stream) when one fails. */
    static void check(byte[] body, MediaType mediaType, Class<?> type, Type genericType) {
        utf8(body);
        if (isJson(mediaType) && !blank(body)) {
            json(body, expectsObject(type));
        }
    }

    static void utf8(byte[] body) {
        try {
            StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(body));
        } catch (CharacterCodingException e) {
            throw new AppException(ErrorCode.BODY_NOT_UTF8);
        }
    }

    /** Structure, depth and numbers of a JSON text, with a streaming parser (nothing is built). */
    static void json(byte[] body, boolean objectExpected) {
        int depth = 0;
        boolean first = true;
        try (JsonParser parser = StrictJson.json().createParser(new ByteArrayInputStream(body))) {
            while (parser.hasNext()) {
                JsonParser.Event event = parser.next();
                if (first && objectExpected && event != JsonParser.Event.START_OBJECT) {
                    throw new AppException(ErrorCode.BODY_NOT_OBJECT);
                }
                first = false;
                switch (event) {
                    case START_OBJECT, START_ARRAY -> {
                        if (++depth > MAX_DEPTH) {
                            throw new AppException(ErrorCode.BODY_TOO_DEEP, MAX_DEPTH);
                        }
                    }
                    case END_OBJECT, END_ARRAY -> depth--;
                    case VALUE_NUMBER -> number(parser.getString());
                    default -> {
                        // strings, names, literals: bounded by the body size
                    }
                }
            }
        } catch (JsonException e) {
            // the parser's message quotes the input: never passed on
            throw new AppException(ErrorCode.MALFORMED_JSON, "");
        }
    }

    /** A JSON number's text: at most {@link #MAX_NUMBER_CHARS} characters and |scale| at most {@link #MAX_NUMBER_SCALE}. */
    static void number(String text) {
        boolean inRange;
        try {
            // the scale is cheap to read from a short text, whatever its exponent
            inRange = text.length() <= MAX_NUMBER_CHARS
                    && Math.abs((long) new BigDecimal(text).scale()) <= MAX_NUMBER_SCALE;
        } catch (NumberFormatException | ArithmeticException e) {
            inRange = false;
        }
        if (!inRange) {
            throw new AppException(ErrorCode.NUMBER_OUT_OF_RANGE, MAX_NUMBER_CHARS, MAX_NUMBER_SCALE);
        }
    }

    static boolean isJson(MediaType type) {
        return type == null || type.isCompatible(MediaType.APPLICATION_JSON_TYPE) || type.getSubtype().endsWith("+json");
    }

    /** Every request type of this API is an object, unless a resource asks for a list or a raw JSON value. */
    static boolean expectsObject(Class<?> type) {
        return !(type.isArray() || Collection.class.isAssignableFrom(type) || JsonValue.class.isAssignableFrom(type)
                || type == String.class || type == Object.class);
    }

    private static boolean blank(byte[] body) {
        for (byte b : body) {
            if (b != ' ' && b != '\t' && b != '\r' && b != '\n') {
                return false;
            }
        }
        return true;
    }
}
