package com.paycore.vault;

/** Cardholder personal and address data (personAddress). */
public record Address(String firstName, String lastName, String email, String phone, String addressLine1,
                      String addressLine2, String city, String state, String zip, String country) {
}
