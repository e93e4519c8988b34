package com.paycore.it;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import org.junit.jupiter.api.Test;

abstract class PlatformScenarios {

    @Test
    void readinessIsUp() {
        given().baseUri(Deployments.baseUri()).get("/health/ready").then().statusCode(200).body("status", equalTo("UP"));
    }
}
