package com.paycore.it;

import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * All black-box integration tests, sharing one Payara Micro start: each feature's scenarios live in their
 * own class and are run here as a nested class.
 */
@ExtendWith({ArquillianExtension.class, OnlyScenarios.class, ScenarioTimes.class})
class ApiIT {

    static {
        ClientSetup.configure();
    }

    /** The WAR Arquillian deploys on the first instance; the second is launched now, to boot beside it. */
    @Deployment(testable = false)
    static WebArchive deployment() {
        SecondInstance.launch();
        return Deployments.war();
    }

    /** The instance under test e-mails invitations: any test may invite, so the mail server runs from the start. */
    @BeforeAll
    static void mailServer() {
        Mailbox.start();
    }

    /**
     * The second instance, launched beside the first ({@link #deployment}), is awaited here, not on first use: that
     * is often inside a timed concurrent section (Parallel), and a boot on a loaded machine outlasts its timeout. Then
     * the boots of the extra instances begin, so that they overlap the scenarios that run first: the hardened
     * instance's at the usual CPU priority (its flood is measured), the instance the report limits and the webhook
     * fairness share at a lower one, and on the cores the scenarios leave idle (nothing measures them) the external
     * issuer's two instances and the startup race, the master-key rotation and the two queued card files, which run
     * whole in the background ({@link Background}; their tests, run late, wait for their outcome).
     */
    @BeforeAll
    static void instances() throws Exception {
        SecondInstance.baseUri();
        if (IsolatedInstance.needed()) {
            IsolatedInstance.boot();
        }
        if (OnlyScenarios.selected("HardenedInstance")) {
            HardenedInstanceScenarios.boot();
        }
        if (OnlyScenarios.selected("ExternalIssuer")) {
            ExternalIssuerScenarios.boot();
        }
        if (OnlyScenarios.selected("Startup")) {
            StartupScenarios.boot();
        }
        if (OnlyScenarios.selected("MasterKey")) {
            MasterKeyScenarios.boot();
        }
        if (OnlyScenarios.selected("CardFiles")) {
            CardFileScenarios.boot();
        }
    }

    @AfterAll
    static void stopSharedInstances() throws Exception {
        IsolatedInstance.stop();
    }

    /**
     * Runs last: the startup race has run in the background since the beginning (its test only waits for it); the
     * production-mode instance it boots on the shared database is stopped at its end.
     */
    @Nested
    class Startup extends StartupScenarios {
    }

    /**
     * Runs late: the rotation's three instances boot one after the other in the background from the beginning (its
     * test only waits for the outcome).
     */
    @Nested
    class MasterKey extends MasterKeyScenarios {
    }

    /**
     * Runs late: the external issuer's two instances boot in the background from the beginning, on idle cores only
     * (its test waits for them).
     */
    @Nested
    class ExternalIssuer extends ExternalIssuerScenarios {
    }

    /** Runs late: one of its tests waits for the two queued card files, run whole in the background (QueuedCardFiles). */
    @Nested
    class CardFiles extends CardFileScenarios {
    }

    /** Runs before the scenarios that wait for the background ones: its waits for the host leave cores idle for them. */
    @Nested
    class Acquirer extends AcquirerScenarios {
    }

    @Nested
    class Platform extends PlatformScenarios {
    }

    @Nested
    class Authentication extends AuthenticationScenarios {
    }

    @Nested
    class Users extends UserScenarios {
    }

    @Nested
    class Companies extends CompanyScenarios {
    }

    @Nested
    class CompanyUsers extends CompanyUserScenarios {
    }

    @Nested
    class Invitations extends InvitationScenarios {
    }

    @Nested
    class Audit extends AuditScenarios {
    }

    @Nested
    class RoleTable extends RoleTableScenarios {
    }

    @Nested
    class Projects extends ProjectScenarios {
    }

    @Nested
    class ApiKeys extends ApiKeyScenarios {
    }

    @Nested
    class Processors extends ProcessorScenarios {
    }

    @Nested
    class CardFileSigners extends CardFileSignerScenarios {
    }

    @Nested
    class CardExports extends CardExportScenarios {
    }

    @Nested
    class ProjectRoleTable extends ProjectRoleTableScenarios {
    }

    @Nested
    class PayAuthentication extends PayAuthenticationScenarios {
    }

    @Nested
    class Vault extends VaultScenarios {
    }

    @Nested
    class Keystores extends KeystoreScenarios {
    }

    @Nested
    class Idempotency extends IdempotencyScenarios {
    }

    @Nested
    class Transactions extends TransactionScenarios {
    }

    @Nested
    class Console extends ConsoleScenarios {
    }

    @Nested
    class ConsoleChargebacks extends ConsoleChargebackScenarios {
    }

    @Nested
    class ConsoleOperations extends ConsoleOperationsScenarios {
    }

    @Nested
    class ConsoleOverview extends ConsoleOverviewScenarios {
    }

    @Nested
    class ConsoleTransactions extends ConsoleTransactionScenarios {
    }

    @Nested
    class ConsoleProjects extends ConsoleProjectScenarios {
    }

    @Nested
    class Chargebacks extends ChargebackScenarios {
    }

    @Nested
    class CardUpdater extends CardUpdaterScenarios {
    }

    @Nested
    class Reports extends ReportScenarios {
    }

    @Nested
    class LongRuns extends LongRunScenarios {
    }

    @Nested
    class PlatformAdministrators extends PlatformAdministratorScenarios {
    }

    @Nested
    class Webhooks extends WebhookScenarios {
    }

    @Nested
    class TenancyBeforeBody extends TenancyBeforeBodyScenarios {
    }

    @Nested
    class ListedFields extends ListedFieldsScenarios {
    }

    @Nested
    class EventOutbox extends EventScenarios {
    }

    @Nested
    class PlainJdbc extends JdbcScenarios {
    }

    @Nested
    class UnknownOutcomes extends UnknownOutcomeScenarios {
    }

    @Nested
    class HardenedInstance extends HardenedInstanceScenarios {
    }

    @Nested
    class ApiDocument extends ApiDocumentScenarios {
    }

    @Nested
    class ClientFlow extends ClientFlowScenarios {
    }

    @Nested
    class Metrics extends MetricsScenarios {
    }

    @Nested
    class Retention extends RetentionScenarios {
    }

    @Nested
    class Erasure extends ErasureScenarios {
    }

    @Nested
    class BadInput extends BadInputScenarios {
    }

    @Nested
    class BadInputSweep extends BadInputSweepScenarios {
    }

    @Nested
    class ConsoleLayout extends ConsoleLayoutScenarios {
    }
}
