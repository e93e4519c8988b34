package com.paycore.platform.web;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

import org.eclipse.microprofile.openapi.annotations.OpenAPIDefinition;
import org.eclipse.microprofile.openapi.annotations.enums.SecuritySchemeType;
import org.eclipse.microprofile.openapi.annotations.info.Info;
import org.eclipse.microprofile.openapi.annotations.security.SecurityScheme;
import org.eclipse.microprofile.openapi.annotations.security.SecuritySchemes;

@ApplicationPath("/api")
@ApplicationScoped
@OpenAPIDefinition(info = @Info(title = "Payments administration and card processing", version = "1",
        description = """
                Every operation answers the envelope {success, code, errorMessage, ...}: code is numeric \
                (200, 400, 401, 404, 500; HTTP 403 carries 401 and HTTP 409 carries 400) and errorMessage is null \
                on success. Lists add entries (limit default 20, at most 1000; stable order by creation), creates \
                add id (201 with Location), single reads add entry. Query parameter names are case-insensitive. \
                Administration (/api/adm) takes an OAuth2 bearer access token from POST /api/auth/token; \
                payments (/api/pay/{projectId}) take a project API key."""))
@SecuritySchemes({
        @SecurityScheme(securitySchemeName = "bearer", type = SecuritySchemeType.HTTP, scheme = "bearer",
                bearerFormat = "JWT")
})
public class PaymentsApplication extends Application {
}
