package com.paycore.user;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

import com.paycore.platform.input.EmailAddress;

public class CreateUserRequest {

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
