package com.paycore.project;

import java.util.UUID;

import jakarta.validation.constraints.Size;

import com.paycore.platform.input.Aliases;
import com.paycore.platform.input.Fields;

/** E4. projectName (or name) is required; other fields left out keep their value. */
public class UpdateProjectRequest {

    public UUID id;
    @Size(max = 50)
    public String projectName;
    @Size(max = 50)
    public String name;
    @Size(max = 1000)
    public String description;
    @Size(max = 2000)
    public String returnUrl;
    @Size(max = 2000)
    public String cancelUrl;
    @Size(max = 25)
    public String phone;
    @Size(max = 100)
    public String softDescriptor;
    @Size(max = 2000)
    public String comments;
    public Boolean isActive;

    String resolvedName() {
        return Fields.required("projectName", Aliases.either("projectName", projectName, "name", name), 50);
    }
}
