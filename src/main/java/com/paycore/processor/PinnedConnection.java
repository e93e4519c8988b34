package com.paycore.processor;

import java.util.UUID;

/**
 * What an authorized transaction pinned for its later moves (capture, refund, reverse, settlement): the processor
 * configuration and gateway it was authorized on and the merchant-credential version of the time.
 */
public interface PinnedConnection {

    UUID projectId();

    UUID processorId();

    int gateway();

    int credentialVersion();
}
