package com.paycore.platform.input;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;

/**
 * An email address as {@link Emails} defines it. Null passes (pair with {@code @NotBlank} where required). The
 * length is checked before the pattern, so an oversized value never reaches a regular expression.
 */
@Constraint(validatedBy = EmailAddress.Check.class)
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.PARAMETER})
public @interface EmailAddress {

    String message() default Emails.MESSAGE;

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    class Check implements ConstraintValidator<EmailAddress, String> {
        @Override
        public boolean isValid(String value, ConstraintValidatorContext context) {
            return value == null || Emails.isValid(value);
        }
    }
}
