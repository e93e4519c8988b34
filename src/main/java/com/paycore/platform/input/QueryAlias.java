package com.paycore.platform.input;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Other names a {@code @QueryParam} is also known by (the spec's description names, e.g. invitationId). */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.PARAMETER)
public @interface QueryAlias {
    String[] value();
}
