package com.paycore.cardfile;

import java.util.UUID;

/** A card export's file claimed by its one download: the parts to stream, in order, and their size. */
public record CardExportDownload(UUID id, int parts, long bytes) {

    String fileName() {
        return "card-export-" + id + ".pgp";
    }
}
