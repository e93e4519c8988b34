package com.paycore.company;

import jakarta.validation.constraints.Size;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import com.paycore.platform.input.Aliases;
import com.paycore.platform.input.EmailAddress;
import com.paycore.platform.input.Fields;

/** companyName (the description calls it name) is required, at most 50 characters, unique. */
public class CreateCompanyRequest {

    @Size(max = 50)
    @Schema(description = "Required (or name); unique, case-insensitive", example = "Acme Payments")
    public String companyName;
    @Size(max = 50)
    public String name;
    @Size(max = 250) @EmailAddress
    @Schema(example = "billing@acme.example")
    public String contactEmail;
    @Size(max = 50)
    public String contactPhone;
    public Boolean isActive;

    String resolvedName() {
        return Fields.required("companyName", Aliases.either("companyName", companyName, "name", name), 50);
    }
}
