package com.paycore.company;

import jakarta.validation.constraints.Size;

import com.paycore.platform.Aliases;
import com.paycore.platform.EmailAddress;
import com.paycore.platform.Fields;

/** companyName (the description calls it name) is required, at most 50 characters, unique. */
public class CreateCompanyRequest {

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
