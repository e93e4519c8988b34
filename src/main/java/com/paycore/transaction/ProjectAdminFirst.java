package com.paycore.transaction;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import jakarta.ws.rs.NameBinding;

/**
 * Marks an administrator's operation on the project named by {@code companyProjectId} whose access rule must be
 * checked before anything else answers, an Idempotency-Key replay included ({@link ProjectAdminAuthorization}).
 */
@NameBinding
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
@interface ProjectAdminFirst {
}
