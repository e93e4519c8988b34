package com.paycore.console;

import java.util.Collection;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;

import com.paycore.project.ProjectService;

/** The projects page, for now the names of the projects the user may read (their pages come in a later step). */
@Named
@RequestScoped
public class ProjectsPage {

    @Inject
    ProjectService projects;

    public Collection<String> getNames() {
        return projects.readableNames().values();
    }
}
