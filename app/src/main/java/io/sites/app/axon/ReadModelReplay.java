package io.sites.app.axon;

import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Rebuilds a projection from the event store in place: stop its processor, reset its tokens (its reset handler
 * empties its tables), start it again. The service keeps answering throughout; until the replay catches up the
 * model is partial (see docs/ARCHITECTURE.md for why in place rather than into new tables).
 */
@Component
public class ReadModelReplay {
    private static final Logger log = LoggerFactory.getLogger(ReadModelReplay.class);
    private final EventProcessingConfiguration processing;

    ReadModelReplay(EventProcessingConfiguration processing) {
        this.processing = processing;
    }

    public void replay(String processorName) {
        StreamingEventProcessor processor = processor(processorName);
        if (!processor.supportsReset()) {
            throw new IllegalArgumentException("Processor " + processorName + " cannot be replayed.");
        }
        log.info("Replaying {} from the start of the event store", processorName);
        processor.shutDown();
        processor.resetTokens();
        processor.start();
    }

    public boolean isReplaying(String processorName) {
        return processor(processorName).isReplaying();
    }

    private StreamingEventProcessor processor(String name) {
        return processing.eventProcessor(name, StreamingEventProcessor.class).orElseThrow(
                () -> new IllegalArgumentException("No streaming event processor named '" + name + "'."));
    }
}
