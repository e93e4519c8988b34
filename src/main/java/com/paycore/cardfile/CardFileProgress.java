package com.paycore.cardfile;

/**
 * A card file as the console lists it: its view and the rows it holds, known once its first pass has verified it
 * (null before), so a progress bar can show how far the tokenizing is.
 */
public record CardFileProgress(CardFileView file, Long rowsTotal) {

    /** Rows read as a share of the rows held, 0 to 100 (100 once Succeeded); null while the rows held are not known. */
    public Integer percent() {
        if (CardFile.State.Succeeded.name().equals(file.state())) {
            return 100;
        }
        if (rowsTotal == null) {
            return null;
        }
        return rowsTotal == 0 ? 0 : (int) Math.min(100, file.rowsRead() * 100 / rowsTotal);
    }

    /** Whether the file is still to be processed or being processed. */
    public boolean unfinished() {
        return CardFile.State.Received.name().equals(file.state()) || CardFile.State.Processing.name().equals(file.state());
    }
}
