/**
 * Processors: project processor configurations (E15, E19), the gateways behind them (the Simulator) and the merchant
 * credentials in versions. Owns the payment_processors and merchant_credentials tables; offers
 * {@link com.paycore.processor.Connections}, the one place a processor route and merchant credentials become a
 * connection, for new operations of a project and for moves on a transaction (the processor, gateway and credential
 * version the transaction pinned).
 */
package com.paycore.processor;
