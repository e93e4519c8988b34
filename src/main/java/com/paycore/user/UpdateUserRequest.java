package com.paycore.user;

import java.util.UUID;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

import com.paycore.platform.input.EmailAddress;

/** E1. Optional fields left out (or null) keep their value; an omitted password keeps the current one. */
public class UpdateUserRequest {

    public UUID id;
    @NotBlank @Size(max = 250) @EmailAddress
    public String email;
    @Size(max = 150)
    public String firstName;
    @Size(max = 150)
    public String lastName;
    @Size(max = 50)
    public String phoneNumber;
    @Size(min = 8, max = 200)
    public String password;
    public Boolean isActive;
    public Boolean platformAdmin;
}
