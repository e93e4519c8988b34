package com.paycore.transaction;

import java.math.BigDecimal;
import java.util.Map;

import jakarta.validation.constraints.Size;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import com.paycore.vault.Address;

/** Authorize or sale (DESIGN.md section 9). Unknown fields are ignored. */
public class TransactionRequest {

    @Schema(description = "The paymentToken value from E10 (tok_...), or the token's id", required = true,
            example = "tok_4f9c2a7e1b8d4c6f")
    public String paymentToken;
    @Schema(description = "Major units, positive, at most the currency's minor-unit digits (2 for USD)", required = true,
            example = "12.34")
    public BigDecimal amount;
    @Schema(description = "ISO 4217 code; default USD", example = "USD")
    public String currency;
    @Schema(description = "true: a sale (authorize and capture at once); default false", example = "false")
    public Boolean capture;
    @Size(max = 100)
    @Schema(example = "order-1001")
    public String orderId;
    @Size(max = 500)
    @Schema(example = "Two books")
    public String description;
    @Size(max = 250)
    public String email;
    @Size(max = 45)
    public String ip;
    @Size(max = 250)
    public String fingerprint;
    @Schema(description = "personAddress fields; default: the token's personAddress")
    public Address billingAddress;
    @Schema(description = "personAddress fields")
    public Address deliveryAddress;
    @Schema(description = "label -> value, for the reports (at most 20; labels up to 50 characters, values up to 200)")
    public Map<String, String> tags;
}
