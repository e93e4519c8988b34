package com.paycore.webhook;

import java.util.List;
import java.util.UUID;

import jakarta.validation.constraints.Size;

/** Create or update an endpoint. On update, fields left out keep their value. */
public class EndpointRequest {

    public UUID id;
    public UUID companyProjectId;
    public String url;
    public List<String> enabledEvents;
    @Size(max = 1000)
    public String description;
    public Boolean isActive;
}
