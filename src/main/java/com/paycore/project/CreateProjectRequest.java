package com.paycore.project;

import java.util.List;
import java.util.UUID;

import jakarta.json.bind.annotation.JsonbPropertyOrder;
import jakarta.validation.constraints.NotNull;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** E7: E4's fields, the company and its users to add. projectName (the description's name) is required; isActive defaults to true. */
@JsonbPropertyOrder({"id", "companyId", "projectName", "name", "description", "returnUrl", "cancelUrl", "phone", "softDescriptor",
        "comments", "companyUsersToAdd"})
public class CreateProjectRequest extends UpdateProjectRequest {

    @NotNull
    @Schema(example = "9b2f4e1a-6c3d-4a5b-8e7f-1a2b3c4d5e6f")
    public UUID companyId;
    public List<UUID> companyUsersToAdd;

    /** Only the document reads it: the create's own description of the inherited field. */
    @Schema(description = "Required (or name), unique in the company", example = "Web shop")
    public String getProjectName() {
        return projectName;
    }
}
