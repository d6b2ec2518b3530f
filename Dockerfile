# Runtime image for the assembled service. Build the jar first: ./mvnw -DskipTests package
# JDK 25 for its AOT caches: a replica starts in about half the time with the one for its roles (docs/DECISIONS.md,
# "The fleet").
FROM eclipse-temurin:25-jre
RUN useradd --system --home /srv/sites sites && mkdir -p /srv/sites && chown sites /srv/sites
WORKDIR /srv/sites
COPY app/target/app-*.jar /srv/sites/app.jar
COPY deploy/aot-training /usr/local/bin/aot-training
COPY deploy/entrypoint /usr/local/bin/sites-entrypoint
# The jar runs extracted (a cache holds classes from plain jars only), and the caches are trained here, in the final
# stage, because they are valid only with this very JVM and these very files. The training runs leave no data behind.
RUN java -Djarmode=tools -jar app.jar extract --destination app && rm app.jar \
    && aot-training app/app.jar aot && rm /usr/local/bin/aot-training
USER sites
EXPOSE 8080 8081 9090
# Picks the cache for SITES_ROLES and sets the JVM's memory options; JAVA_OPTS adds more (see deploy/entrypoint).
ENTRYPOINT ["/usr/local/bin/sites-entrypoint"]
