package io.sites.command.publish;

import io.sites.api.command.CreateWebsiteCommand;
import io.sites.api.command.PublishVersionCommand;
import io.sites.api.site.ManifestEntry;
import io.sites.command.remote.StoredBlobs;
import java.util.List;
import org.axonframework.commandhandling.CommandBus;
import org.axonframework.commandhandling.CommandMessage;
import org.axonframework.messaging.InterceptorChain;
import org.axonframework.messaging.MessageHandlerInterceptor;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.springframework.stereotype.Component;

/**
 * Touches the blobs of a version in the transaction that appends its event, once the aggregate has accepted it:
 * the event and the touch commit together or not at all, so the collector either sees the blob touched (and keeps
 * it) or has removed it first (and the touch fails with {@code BlobsGoneException}, rolling the event back). The
 * aggregate stays pure; this runs around it on the command bus, inside the unit of work's transaction.
 */
@Component
class BlobTouch implements MessageHandlerInterceptor<CommandMessage<?>> {
    private final StoredBlobs storedBlobs;

    BlobTouch(CommandBus commandBus, StoredBlobs storedBlobs) {
        this.storedBlobs = storedBlobs;
        commandBus.registerHandlerInterceptor(this);
    }

    @Override
    public Object handle(UnitOfWork<? extends CommandMessage<?>> unitOfWork, InterceptorChain chain)
            throws Exception {
        Object result = chain.proceed();
        List<ManifestEntry> files = switch (unitOfWork.getMessage().getPayload()) {
            case PublishVersionCommand publish -> publish.files();
            case CreateWebsiteCommand create -> create.files();
            default -> List.of();
        };
        if (!files.isEmpty()) {
            storedBlobs.touch(files.stream().map(ManifestEntry::sha256).toList());
        }
        return result;
    }
}
