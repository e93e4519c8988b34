package com.paycore.processor;

import java.util.UUID;

/** Answered by the transactions feature: whether a project has open (Approved or Captured) transactions (E19's 409). */
public interface OpenTransactions {

    boolean exist(UUID projectId);
}
