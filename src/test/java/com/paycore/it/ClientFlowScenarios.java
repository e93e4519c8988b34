package com.paycore.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.paycore.client.ApiClient;
import com.paycore.client.ApiException;
import com.paycore.client.api.AuthenticationApi;
import com.paycore.client.api.CompaniesApi;
import com.paycore.client.api.PaymentProcessorsApi;
import com.paycore.client.api.PaymentsApi;
import com.paycore.client.api.ProjectApiKeysApi;
import com.paycore.client.api.ProjectsApi;
import com.paycore.client.api.ReportsApi;
import com.paycore.client.api.RunsApi;
import com.paycore.client.model.Address;
import com.paycore.client.model.AmountRequest;
import com.paycore.client.model.ApiKeyView;
import com.paycore.client.model.AuthorizePaymentAnswer;
import com.paycore.client.model.CapturePaymentAnswer;
import com.paycore.client.model.CardInput;
import com.paycore.client.model.CreateCompanyRequest;
import com.paycore.client.model.CreatePaymentTokenAnswer;
import com.paycore.client.model.CreateProjectRequest;
import com.paycore.client.model.CreateTokenRequest;
import com.paycore.client.model.GetTransactionReportAnswer;
import com.paycore.client.model.ProcessorRequest;
import com.paycore.client.model.RefundPaymentAnswer;
import com.paycore.client.model.ReportRequest;
import com.paycore.client.model.RunView;
import com.paycore.client.model.SyncTransactionReportAnswer;
import com.paycore.client.model.TransactionRequest;
import com.paycore.client.model.TransactionView;

import org.junit.jupiter.api.Test;

/**
 * A whole flow through the Java client that openapi-generator made from the OpenAPI document (pom.xml,
 * openapi-generator-maven-plugin), and through nothing else: log in, company, project, processor, the project's key
 * (E12), tokenize, authorize, capture, refund, E16, E3. The client reads answers strictly (an answer field the
 * document does not describe fails the flow), so the document cannot lag behind the answers these operations give.
 */
abstract class ClientFlowScenarios {

    /** A client of the service under test; every request carries the given Authorization or X-API-Key header. */
    static ApiClient client(String header, String value) {
        ApiClient client = new ApiClient();
        client.updateBaseUri(Deployments.baseUri().replaceAll("/$", ""));
        client.getObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);
        if (header != null) {
            client.setRequestInterceptor(request -> request.header(header, value));
        }
        return client;
    }

    @Test
    void aWholePaymentFlowRunsThroughTheGeneratedClient() throws ApiException, InterruptedException {
        String accessToken = new AuthenticationApi(client(null, null))
                .createAccessToken("password", Api.ROOT_PASSWORD, null, Api.ROOT_EMAIL).getAccessToken();
        assertNotNull(accessToken);
        ApiClient admin = client("Authorization", "Bearer " + accessToken);

        UUID company = new CompaniesApi(admin).createCompany(new CreateCompanyRequest()
                .companyName(Api.unique("Client")).contactEmail("billing@client.example")).getId();
        assertEquals(company, new CompaniesApi(admin).getCompany(company).getEntry().getId());

        UUID project = new ProjectsApi(admin).createProject(new CreateProjectRequest()
                .companyId(company).projectName(Api.unique("Shop"))).getId();
        UUID processor = new PaymentProcessorsApi(admin).createPaymentProcessor(new ProcessorRequest()
                .companyProjectId(project).projectPaymentProcessorName(Api.unique("Sim")).gateway(1).paymentType(1)
                .isActive(true).settings(Map.of("simulatorLatencyMs", 0))).getId();
        assertNotNull(processor);

        // E12: the project's transaction key, read in clear once.
        ProjectApiKeysApi keys = new ProjectApiKeysApi(admin);
        List<ApiKeyView> projectKeys = keys.listApiKeys(project, null, null, null, null).getEntries();
        assertFalse(projectKeys.isEmpty());
        String key = keys.revealApiKey(projectKeys.get(0).getId(), null, null).getEntry().getKeyValue();
        assertNotNull(key);

        PaymentsApi pay = new PaymentsApi(client("X-API-Key", key));
        CreatePaymentTokenAnswer token = pay.createPaymentToken(project, new CreateTokenRequest()
                .creditCard(new CardInput().cardNumber("4111111111111111").expirationMonth(12)
                        .expirationYear(LocalDate.now().getYear() + 3).cvv("123").cardholderName("Jane Doe"))
                .personAddress(new Address().firstName("Jane").lastName("Doe").email("jane@example.com")
                        .addressLine1("1 Main Street").city("Springfield").zip("12345").country("US")), null);
        assertEquals("1111", token.getLast4());
        assertTrue(token.getPaymentToken().startsWith("tok_"));

        AuthorizePaymentAnswer authorized = pay.authorizePayment(project, new TransactionRequest()
                .paymentToken(token.getPaymentToken()).amount(new BigDecimal("25.00")).currency("USD"), null);
        assertEquals("Approved", authorized.getStatus());
        UUID transaction = authorized.getId();

        CapturePaymentAnswer captured = pay.capturePayment(project, transaction, null, new AmountRequest());
        assertEquals("Captured", captured.getStatus());
        assertEquals(0, new BigDecimal("25.00").compareTo(captured.getAmount()));

        RefundPaymentAnswer refunded = pay.refundPayment(project, transaction, null,
                new AmountRequest().amount(new BigDecimal("5.00")));
        assertEquals("PartiallyRefunded", refunded.getStatus());

        // E16
        List<TransactionView> listed = pay.listTransactions(project, transaction, null, null, null).getEntries();
        assertEquals(1, listed.size());
        TransactionView read = listed.get(0);
        assertEquals(0, new BigDecimal("25.00").compareTo(read.getCapturedAmount()));
        assertEquals(0, new BigDecimal("5.00").compareTo(read.getRefundedAmount()));
        assertEquals(List.of("Authorize", "Capture", "Refund"),
                read.getEvents().stream().map(e -> e.getEventType()).toList());

        // E3 over the synchronized report data.
        ReportsApi reports = new ReportsApi(admin);
        SyncTransactionReportAnswer sync = reports.syncTransactionReport(null);
        assertEquals("Running", sync.getState());
        // a long run: 202 with its id, then followed through GET /api/adm/runs/{id} until it has ended
        RunsApi runs = new RunsApi(admin);
        RunView run = runs.getRun(sync.getId()).getEntry();
        for (int i = 0; i < 1200 && "Running".equals(run.getState()); i++) {
            Thread.sleep(100);
            run = runs.getRun(sync.getId()).getEntry();
        }
        assertEquals("Succeeded", run.getState());
        assertEquals(0L, run.getItemsLeft());
        assertTrue(run.getOutcome() instanceof Map<?, ?> outcome && outcome.containsKey("added"), "the sync's figures");
        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        GetTransactionReportAnswer report = reports.getTransactionReport(new ReportRequest().companyId(company)
                .startDate(today.minusDays(2).toString()).endDate(today.plusDays(2).toString()));
        assertTrue(report.getSuccess());
        assertFalse(report.getEntries().isEmpty(), "E3 shows the flow's transaction");
        assertTrue(report.getTotal() >= 1);
    }
}
