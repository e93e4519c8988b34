package com.paycore.platform.data;

import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.function.DoubleSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;

import javax.naming.InitialContext;
import javax.naming.NamingException;

import jakarta.annotation.Priority;
import jakarta.annotation.sql.DataSourceDefinition;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;

import com.paycore.platform.runtime.StartupOrder;

/**
 * The usage of the database connection pool at /metrics: {@code payments_db_pool_connections_in_use},
 * {@code payments_db_pool_connections_idle}, {@code payments_db_pool_connections_max} and
 * {@code payments_db_pool_waiting_threads} (requests waiting for a connection because all {@code max} are in use).
 * <p>
 * The pool is the one Payara makes for {@link Datasource}'s {@code @DataSourceDefinition}; Payara's own metrics and
 * monitoring do not show it without monitoring switched on in the server's configuration. Its figures are read from
 * Payara's pool manager (the same objects that hand out the connections, to JPA and {@link Jdbc} alike) when /metrics
 * is scraped: nothing is added to the path of a request. The manager is an HK2 service of Payara (Micro and Server
 * share it); it is reached by reflection, so the WAR keeps no compile-time dependency on Payara. Where it cannot be
 * reached (another server, a Payara that renamed it) the gauges are not registered and a warning says why.
 */
@ApplicationScoped
class PoolMetrics {

    private static final Logger LOG = Logger.getLogger(PoolMetrics.class.getName());

    /** Payara's name of the pool of a {@code @DataSourceDefinition}: prefix, application name, definition name. */
    static final String DEFINITION_POOL_PREFIX = "__SYSTEM/pools/__datasource_definition/";

    @Inject
    MetricRegistry registry;

    private Object manager;
    private Object poolInfo;
    private Method getPool;
    private Method status;
    private Method waiting;
    private Method max;
    private Method used;
    private Method free;

    void start(@Observes @Priority(StartupOrder.SCHEDULES) @Initialized(ApplicationScoped.class) Object started) {
        String name;
        try {
            name = poolName((String) new InitialContext().lookup("java:app/AppName"));
            ClassLoader loader = PoolMetrics.class.getClassLoader();
            Object locator = Class.forName("org.glassfish.internal.api.Globals", true, loader)
                    .getMethod("getDefaultHabitat").invoke(null);
            Class<?> managerType = Class.forName("com.sun.enterprise.resource.pool.PoolManager", true, loader);
            manager = locator.getClass().getMethod("getService", Class.class, Annotation[].class)
                    .invoke(locator, managerType, new Annotation[0]);
            Class<?> infoType = Class.forName("org.glassfish.resourcebase.resources.api.PoolInfo", true, loader);
            poolInfo = infoType.getConstructor(String.class).newInstance(name);
            getPool = managerType.getMethod("getPool", infoType);
            Class<?> poolType = Class.forName("com.sun.enterprise.resource.pool.ResourcePool", true, loader);
            status = poolType.getMethod("getPoolStatus");
            Class<?> sizes = Class.forName("com.sun.enterprise.resource.pool.PoolProperties", true, loader);
            waiting = sizes.getMethod("getWaitQueueLength");
            max = sizes.getMethod("getMaxPoolSize");
            Class<?> statusType = Class.forName("com.sun.enterprise.resource.pool.PoolStatus", true, loader);
            used = statusType.getMethod("getNumConnUsed");
            free = statusType.getMethod("getNumConnFree");
            if (manager == null || pool() == null) {
                LOG.warning(() -> "Database pool figures are not in /metrics: Payara has no pool named " + name);
                return;
            }
        } catch (ReflectiveOperationException | NamingException | RuntimeException | LinkageError e) {
            LOG.log(Level.WARNING, "Database pool figures are not in /metrics: Payara's pool manager is not reachable", e);
            return;
        }
        gauge("payments_db_pool_connections_in_use", "Database connections handed out (JPA and JDBC) and not yet given back",
                () -> number(used, status()));
        gauge("payments_db_pool_connections_idle", "Database connections open in the pool and free to hand out",
                () -> number(free, status()));
        gauge("payments_db_pool_connections_max", "The most database connections the pool opens", this::maxSize);
        gauge("payments_db_pool_waiting_threads", "Requests waiting for a database connection (all the pool's are in use)",
                () -> number(waiting, pool()));
        LOG.info(() -> "Database pool figures in /metrics from Payara's pool " + name);
    }

    static String poolName(String applicationName) {
        return DEFINITION_POOL_PREFIX + applicationName + "/" + Datasource.JNDI_NAME;
    }

    /** The pool is looked up at each reading: Payara makes a new one when the pool is flushed or reconfigured. */
    private Object pool() {
        try {
            return getPool.invoke(manager, poolInfo);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    private Object status() {
        Object pool = pool();
        return pool == null ? null : invoke(status, pool);
    }

    /** The pool's own maximum; before the pool exists (or between two pools), the configured one. */
    private double maxSize() {
        double size = number(max, pool());
        return size > 0 ? size : Datasource.class.getAnnotation(DataSourceDefinition.class).maxPoolSize();
    }

    private static double number(Method getter, Object target) {
        Object value = target == null ? null : invoke(getter, target);
        return value instanceof Number n ? n.doubleValue() : 0;
    }

    private static Object invoke(Method method, Object target) {
        try {
            return method.invoke(target);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    private void gauge(String name, String description, DoubleSupplier reading) {
        registry.gauge(Metadata.builder().withName(name).withDescription(description).build(), reading,
                DoubleSupplier::getAsDouble);
    }
}
