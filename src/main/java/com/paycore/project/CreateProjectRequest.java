package com.paycore.project;

import java.util.List;
import java.util.UUID;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import com.paycore.platform.input.Aliases;
import com.paycore.platform.input.Fields;

/** E7. projectName (the description's name) is required; isActive defaults to true. */
public class CreateProjectRequest {

    public UUID id;
    @NotNull
    @Schema(example = "9b2f4e1a-6c3d-4a5b-8e7f-1a2b3c4d5e6f")
    public UUID companyId;
    @Size(max = 50)
    @Schema(description = "Required (or name), unique in the company", example = "Web shop")
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
    public List<UUID> companyUsersToAdd;
    public Boolean isActive;

    String resolvedName() {
        return Fields.required("projectName", Aliases.either("projectName", projectName, "name", name), 50);
    }
}
