package com.paycore.project;

import java.util.UUID;

import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/**
 * E9. The credentials are merchantId, apiKey (write-only) and processorGateway; giving merchantId or apiKey
 * changes them, and then merchantId and processorGateway are required and an apiKey must be given or stored.
 */
public class UpdateMerchantRequest {

    public UUID id;
    @Pattern(regexp = "[A-Za-z0-9_-]{1,64}", message = "must be 1 to 64 letters, digits, '_' or '-'")
    public String merchantId;
    @Pattern(regexp = "\\S{8,256}", message = "must be 8 to 256 characters without spaces")
    public String apiKey;
    public Integer processorGateway;
    public Boolean isTestMode;
    @Size(max = 25)
    public String merchantPhone;
    @Size(max = 100)
    public String softDescriptor;
    @Size(max = 2000)
    public String comments;
}
