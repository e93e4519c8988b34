package com.paycore.platform.web;

/**
 * The one catalogue of errors: a stable name, the HTTP status and the message shown to the caller.
 * Messages never carry values that could be secret; {@code %s} placeholders take field names or ids.
 */
public enum ErrorCode {
    VALIDATION(400, "%s"),
    MALFORMED_JSON(400, "The request body is not valid JSON or a field has the wrong type%s"),
    BODY_NOT_UTF8(400, "The request body is not valid UTF-8"),
    BODY_NOT_OBJECT(400, "The request body must be a JSON object"),
    BODY_TOO_DEEP(400, "The request body is nested more than %s levels deep"),
    NUMBER_OUT_OF_RANGE(400, "A number in the request body has more than %s characters or an exponent beyond %s"),
    BODY_TOO_LARGE(413, "The request body is larger than %s bytes"),
    MALFORMED_ID(400, "'%s' is not a valid id"),
    INVALID_PARAMETER(400, "Query or path parameter '%s' is invalid: %s"),
    ID_MISMATCH(400, "The body id does not match the id in the path"),
    FIELD_CONFLICT(400, "'%s' and '%s' name the same field but were given different values"),
    LIMIT_OUT_OF_RANGE(400, "limit must be between 1 and %s, and offset at least 0"),
    DUPLICATE_EMAIL(400, "A user with this email already exists"),
    DUPLICATE_COMPANY_NAME(400, "A company with this name already exists"),
    DUPLICATE_COMPANY_USER(400, "The user already belongs to this company"),
    DUPLICATE_PROJECT_NAME(400, "A project with this name already exists in the company"),
    DUPLICATE_ID(400, "The given id is already in use"),
    DUPLICATE_EXTERNAL_IDENTITY(400, "This subject of the issuer is already linked to a user"),
    DUPLICATE_CARD_FILE_SIGNER(400, "publicKey: a key with this fingerprint is already a signer of the project"),
    UNSUPPORTED_GATEWAY(400, "unsupported gateway: %s (1 = Simulator, 2 = ISO 8583 acquirer)"),
    MISSING_CREDENTIALS(400, "missing credentials: %s"),
    LAST_ACTIVE_KEY(400, "The project's last active key cannot be deactivated"),
    KEYSTORE_CONFIGURATION(400, "Keystore generation is misconfigured: %s"),
    KEYSTORE_RESOURCE_MISSING(404, "A resource keystore generation needs is missing: %s"),
    INVALID_CARD(400, "Invalid card: %s"),
    PROJECT_NOT_TRANSACTING(400, "The project cannot take new tokens or transactions: %s"),
    LAST_PROCESSOR(400, "The %s processor of an active project cannot be deleted"),
    NO_ACTIVE_PROCESSOR(400, "The project has no active payment processor"),
    UNKNOWN_PAYMENT_TOKEN(400, "Unknown payment token: not a usable token of this project"),
    INVALID_AMOUNT(400, "amount: %s"),
    INVALID_CURRENCY(400, "currency: %s"),
    TRANSACTION_STATE(400, "A transaction in status %s cannot be %s"),
    AMOUNT_EXCEEDS(400, "amount %s exceeds the %s"),
    TRANSACTION_CHANGED(409, "The transaction changed since it was shown (another move, or this one sent twice): "
            + "nothing was done; look at it again before you act"),
    CHARGEBACK_STATE(400, "A chargeback in status %s cannot be %s"),
    DATE_RANGE(400, "The date range is invalid: %s"),
    REPORT_TIMEOUT(400, "The report ran longer than its time limit (%s, payments.reports.statement-timeout) and was "
            + "stopped: ask for a shorter date range, fewer filters or fewer group keys"),
    REPORTS_BUSY(429, "The company already has %s reports running on this instance (payments.reports."
            + "max-concurrent-per-company): try again when one has finished"),
    EMAIL_IMMUTABLE(400, "The email of a company user cannot be changed"),
    COMPANY_USER_MOVE(400, "A company user cannot be moved to another user or company"),
    LAST_ADMIN(400, "The company's last active Admin cannot be demoted or deactivated"),
    INVITATION_INVALID(400, "The invitation token is invalid, expired or already used"),
    INVITATION_ACCOUNT_PASSWORD(400, "This email already has an account: password must be that account's own "
            + "password, and the account must be active and not locked"),
    IDEMPOTENCY_KEY_INVALID(400, "Idempotency-Key must be 1 to 255 characters"),
    IDEMPOTENCY_KEY_REUSED(400, "Idempotency-Key reused with a different request"),
    UNAUTHENTICATED(401, "Missing, invalid or expired credentials"),
    FORBIDDEN(403, "You do not have permission for this operation"),
    FORBIDDEN_OTHER_PROJECT(403, "The %s belongs to another project of the company"),
    NOT_FOUND(404, "%s not found"),
    ROUTE_NOT_FOUND(404, "No such resource"),
    METHOD_NOT_ALLOWED(405, "Method not allowed on this resource"),
    NOT_ACCEPTABLE(406, "Only application/json responses are available"),
    UNSUPPORTED_MEDIA_TYPE(415, "Content-Type must be application/json"),
    CONFLICT(409, "%s"),
    GONE(410, "%s"),
    MAIL_UNAVAILABLE(503, "The invitation e-mail could not be sent, so no invitation was created; try again later"),
    DATABASE_UNAVAILABLE(503, "The service cannot reach its database just now; try again shortly (correlation id %s)"),
    INTERNAL(500, "Unexpected error; quote correlation id %s");

    private final int status;
    private final String template;

    ErrorCode(int status, String template) {
        this.status = status;
        this.template = template;
    }

    public int status() {
        return status;
    }

    public String message(Object... args) {
        return args.length == 0 ? template.replace("%s", "").trim() : String.format(template, args);
    }

    /** The envelope's numeric code for an HTTP status (DESIGN.md section 3: 403 carries 401, 409 carries 400). */
    public static int envelopeCode(int httpStatus) {
        if (httpStatus < 300) {
            return 200;
        }
        return switch (httpStatus) {
            case 401, 403 -> 401;
            case 404 -> 404;
            default -> httpStatus >= 500 ? 500 : 400;
        };
    }
}
