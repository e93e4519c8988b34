package com.paycore.it;

import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * All black-box integration tests, sharing one Payara Micro start: each feature's scenarios live in their
 * own class and are run here as a nested class, in two lanes side by side ({@link Lanes}). JUnit runs each lane in the
 * reverse of the order here. The first lane runs the classes that may run beside any class of the second, then those
 * that settle or reconcile over every company, then those that need the instances alone, last those that wait for the
 * scenarios run in the background since the start. The second lane runs the console's browser classes, first those
 * whose captures a settlement would move.
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

    @Nested
    @ResourceLock(Lanes.ALONE)
    class ConsoleOperations extends ConsoleOperationsScenarios {
    }

    @Nested
    @ResourceLock(Lanes.ALONE)
    class HardenedInstance extends HardenedInstanceScenarios {
    }

    @Nested
    @ResourceLock(Lanes.ALONE)
    class PlatformAdministrators extends PlatformAdministratorScenarios {
    }

    @Nested
    @ResourceLock(Lanes.ALONE)
    class BadInputSweep extends BadInputSweepScenarios {
    }

    @Nested
    @ResourceLock(Lanes.ALONE)
    class Metrics extends MetricsScenarios {
    }

    @Nested
    @ResourceLock(Lanes.SETTLEMENT)
    class Transactions extends TransactionScenarios {
    }

    @Nested
    @ResourceLock(Lanes.SETTLEMENT)
    class Chargebacks extends ChargebackScenarios {
    }

    @Nested
    @ResourceLock(Lanes.SETTLEMENT)
    class LongRuns extends LongRunScenarios {
    }

    @Nested
    @ResourceLock(Lanes.SETTLEMENT)
    class Webhooks extends WebhookScenarios {
    }

    @Nested
    @ResourceLock(Lanes.SETTLEMENT)
    class EventOutbox extends EventScenarios {
    }

    @Nested
    @ResourceLock(Lanes.SETTLEMENT)
    class UnknownOutcomes extends UnknownOutcomeScenarios {
    }

    /** Last of its group: the instance its report limits use boots at a lower priority from the start. */
    @Nested
    class Reports extends ReportScenarios {
    }

    /** Late in its lane: its waits for the host leave cores idle for the scenarios run in the background. */
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
    class CardUpdater extends CardUpdaterScenarios {
    }

    @Nested
    class TenancyBeforeBody extends TenancyBeforeBodyScenarios {
    }

    @Nested
    class ListedFields extends ListedFieldsScenarios {
    }

    @Nested
    class PlainJdbc extends JdbcScenarios {
    }

    @Nested
    class ApiDocument extends ApiDocumentScenarios {
    }

    @Nested
    class ClientFlow extends ClientFlowScenarios {
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
    @Lanes.SecondLane
    class ConsoleLayout extends ConsoleLayoutScenarios {
    }

    @Nested
    @Lanes.SecondLane
    class ConsoleProjects extends ConsoleProjectScenarios {
    }

    @Nested
    @Lanes.SecondLane
    class Console extends ConsoleScenarios {
    }

    @Nested
    @Lanes.SecondLane
    @ResourceLock(value = Lanes.SETTLEMENT, mode = ResourceAccessMode.READ)
    class ConsoleOverview extends ConsoleOverviewScenarios {
    }

    @Nested
    @Lanes.SecondLane
    @ResourceLock(value = Lanes.SETTLEMENT, mode = ResourceAccessMode.READ)
    class ConsoleChargebacks extends ConsoleChargebackScenarios {
    }

    @Nested
    @Lanes.SecondLane
    @ResourceLock(value = Lanes.SETTLEMENT, mode = ResourceAccessMode.READ)
    class ConsoleTransactions extends ConsoleTransactionScenarios {
    }
}
