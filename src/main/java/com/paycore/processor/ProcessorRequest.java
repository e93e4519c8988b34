package com.paycore.processor;

import java.util.UUID;

import jakarta.json.JsonObject;
import jakarta.validation.constraints.Size;

/**
 * Create or update a processor configuration. settings is any JSON object, write-only (stored encrypted).
 * On update, fields left out keep their value.
 */
public class ProcessorRequest {

    public UUID id;
    public UUID companyProjectId;
    @Size(max = 100)
    public String projectPaymentProcessorName;
    public Integer gateway;
    public Integer paymentType;
    public Boolean isActive;
    public JsonObject settings;
}
