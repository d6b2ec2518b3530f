package io.sites.api.query;

import io.sites.api.id.AccountId;
import java.time.Instant;
import java.util.List;

/** The editors of one website, in the order they were added. */
public record CollaboratorsView(List<Editor> editors) {
    public CollaboratorsView {
        editors = List.copyOf(editors);
    }

    public record Editor(AccountId account, Instant addedAt) {
    }
}
