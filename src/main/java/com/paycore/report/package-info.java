/**
 * E3, the grouped transaction report: a fact table with one row per transaction event carrying the transaction's
 * dimensions, kept up to date by {@link com.paycore.report.ReportSync} (periodically and on demand), and a report
 * whose SQL is assembled from whitelisted column expressions with every value bound ({@link com.paycore.report.ReportSql}).
 */
package com.paycore.report;
