package com.paycore.user;

import java.util.UUID;

import jakarta.json.bind.annotation.JsonbPropertyOrder;

/** E1: E2's fields and the id. Optional fields left out (or null) keep their value; an omitted password keeps the current one. */
@JsonbPropertyOrder("id")
public class UpdateUserRequest extends CreateUserRequest {

    public UUID id;
}
