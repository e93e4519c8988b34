package com.paycore.processor;

import java.util.UUID;

import jakarta.json.JsonObject;
import jakarta.validation.constraints.Size;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Create or update a processor configuration. settings is any JSON object, write-only (stored encrypted).
 * On update, fields left out keep their value.
 */
public class ProcessorRequest {

    public UUID id;
    @Schema(example = "3f0e6a4c-2b1d-4c5e-9f8a-7b6c5d4e3f21")
    public UUID companyProjectId;
    @Size(max = 100)
    @Schema(example = "Simulator")
    public String projectPaymentProcessorName;
    @Schema(description = "1: the built-in simulator", example = "1")
    public Integer gateway;
    @Schema(example = "1")
    public Integer paymentType;
    @Schema(example = "true")
    public Boolean isActive;
    @Schema(description = "Gateway settings (write-only: never answered)")
    public JsonObject settings;
}
