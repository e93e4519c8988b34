package com.paycore.company;

import java.util.UUID;

import jakarta.validation.constraints.Size;

import com.paycore.platform.input.Aliases;
import com.paycore.platform.input.EmailAddress;
import com.paycore.platform.input.Fields;

/** E8: companyName is required; every other field left out (or null) keeps its value. */
public class UpdateCompanyRequest {

    public UUID id;
    @Size(max = 50)
    public String companyName;
    @Size(max = 50)
    public String name;
    @Size(max = 250) @EmailAddress
    public String contactEmail;
    @Size(max = 50)
    public String contactPhone;
    public Boolean isActive;

    String resolvedName() {
        return Fields.required("companyName", Aliases.either("companyName", companyName, "name", name), 50);
    }
}
